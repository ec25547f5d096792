import { Headers } from './topics';

/**
 * Messages about connected accounts on `account-events`, keyed by the account id. Versioned: a
 * consumer handles the versions it knows and leaves the others to the dead-letter topic. The
 * gateway tells connects and removals; the publisher what it learns while publishing (a refused
 * authorization) and a token about to expire.
 */
interface AccountEventCommon {
  version: 1;
  /** Unique per message; a redelivered message has the same id. @format uuid */
  eventId: string;
  /** @asType integer */
  accountId: number;
  /** @format uuid */
  workspaceUuid: string;
  provider: string;
  /** @format date-time */
  at: string;
}

/** An account connected (or connected again), or removed, as the gateway lists it. */
export interface AccountRegistryEvent extends AccountEventCommon {
  type: 'AccountConnected' | 'AccountDisconnected';
  name: string;
  username: string | null;
}

/** The platform refused the account's credentials (after a refresh, where there is one): it must be connected again. */
export interface AccountAuthorizationLostEvent extends AccountEventCommon {
  type: 'AccountAuthorizationLost';
  /** The platform's own words. */
  reason: string;
}

/** The account's token cannot be refreshed and expires soon (ACCOUNT_EXPIRY_WARNING_DAYS); sent once per token, its `eventId` fixed by the account and the expiry. */
export interface AccountTokenExpiringEvent extends AccountEventCommon {
  type: 'AccountTokenExpiring';
  /** When the token expires. @format date-time */
  expiresAt: string;
}

/** @discriminator type */
export type AccountEventMessage = AccountRegistryEvent | AccountAuthorizationLostEvent | AccountTokenExpiringEvent;

export const ACCOUNT_EVENT_TYPES: readonly AccountEventMessage['type'][] = ['AccountConnected', 'AccountDisconnected', 'AccountAuthorizationLost', 'AccountTokenExpiring'];

export const ACCOUNT_EVENT_VERSION = 1;

/** The message as `account-events` carries it: keyed by the account id, with its id and type in the headers. */
export const accountEventRecord = (message: AccountEventMessage): { key: string; value: AccountEventMessage; headers: Record<string, string> } => ({
  key: String(message.accountId),
  value: message,
  headers: { [Headers.eventId]: message.eventId, [Headers.eventType]: message.type },
});
