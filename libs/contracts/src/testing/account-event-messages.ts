import { randomUUID } from 'node:crypto';
import type { AccountAuthorizationLostEvent } from '../account-messages';
import { SAMPLE_WORKSPACE } from './post-event-messages';

/** A valid `account-events` message for tests of its readers: sandbox account 11 of the sample workspace lost its authorization just now, unless told otherwise. */
export function sampleAccountEvent(overrides: Partial<AccountAuthorizationLostEvent> = {}): AccountAuthorizationLostEvent {
  return {
    version: 1,
    eventId: randomUUID(),
    type: 'AccountAuthorizationLost',
    accountId: 11,
    workspaceUuid: SAMPLE_WORKSPACE,
    provider: 'sandbox',
    reason: 'The access token was revoked.',
    at: new Date().toISOString(),
    ...overrides,
  };
}
