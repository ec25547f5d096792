import { Controller, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodeAccountEventMessage, Topics } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage } from '@app/messaging';
import { AccountStore } from '../account-store';

/**
 * Keeps `authorized` of the accounts this gateway lists as the publisher finds it: an account
 * whose credentials a platform refused shows `authorized: false` until it is connected again; one
 * whose token cannot be refreshed and expires soon shows `token_expires_at` until then.
 */
@Controller()
export class AccountEventsConsumer {
  private readonly logger = new Logger('Gateway');

  constructor(private readonly accounts: AccountStore) {}

  @EventPattern(ConsumerGroups.gatewayAccounts, { topics: [Topics.accountEvents] } satisfies ConsumerGroupOptions)
  async handle(message: IncomingMessage): Promise<void> {
    const event = decodeAccountEventMessage(message.value);
    // Connects and removals are this gateway's own news.
    if (event.type === 'AccountTokenExpiring') {
      await this.accounts.tokenExpiring(event.workspaceUuid, event.accountId, event.expiresAt);
      return;
    }
    if (event.type !== 'AccountAuthorizationLost') return;
    if (await this.accounts.authorizationLost(event.workspaceUuid, event.accountId)) {
      this.logger.warn(`Account ${event.accountId} (${event.provider}) must be connected again: ${event.reason}`);
    }
  }
}
