import { Injectable, Logger } from '@nestjs/common';
import { AccountEventMessage, ConsumerGroups, Topics } from '@app/contracts';
import { ConsumesTopics, IncomingMessage, UnprocessableMessage } from '@app/messaging';
import { AccountStore } from '../account-store';

/** The message, or why it can never be handled (a version or type this gateway does not know). */
export function accountEventOf(message: IncomingMessage): AccountEventMessage {
  const value = message.value as Partial<AccountEventMessage> | null;
  if (typeof value !== 'object' || value === null) throw new UnprocessableMessage('An account event must be a JSON object.');
  if (value.version !== 1) throw new UnprocessableMessage(`Account event version ${String(value.version)} is not known here.`);
  if (value.type !== 'AccountAuthorizationLost') throw new UnprocessableMessage(`Account event type ${String(value.type)} is not known here.`);
  if (!Number.isSafeInteger(value.accountId) || typeof value.workspaceUuid !== 'string') {
    throw new UnprocessableMessage('An account event needs a numeric accountId and a workspaceUuid.');
  }
  return value as AccountEventMessage;
}

/**
 * Keeps `authorized` of the accounts this gateway lists as the publisher finds it: an account
 * whose credentials a platform refused shows `authorized: false` until it is connected again.
 */
@Injectable()
export class AccountEventsConsumer {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly accounts: AccountStore) {}

  @ConsumesTopics({ groupId: ConsumerGroups.gatewayAccounts, topics: [Topics.accountEvents] })
  async handle(message: IncomingMessage): Promise<void> {
    const event = accountEventOf(message);
    if (await this.accounts.authorizationLost(event.workspaceUuid, event.accountId)) {
      this.logger.warn(`Account ${event.accountId} (${event.provider}) must be connected again: ${event.reason}`);
    }
  }
}
