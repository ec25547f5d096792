import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodeAccountEventMessage, Topics } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage } from '@app/messaging';
import { TokenExpiryWarnings } from './token-expiry-warnings';

/**
 * An account connected (or connected again) with a token that cannot be refreshed and expires
 * soon is announced at once, not at the next hourly look. It follows the gateway's
 * `AccountConnected` on `account-events` (same key), so the account's readers know it by then.
 */
@Controller()
export class AccountConnectedConsumer {
  constructor(private readonly warnings: TokenExpiryWarnings) {}

  @EventPattern(ConsumerGroups.publisherAccounts, { topics: [Topics.accountEvents] } satisfies ConsumerGroupOptions)
  async consume(message: IncomingMessage): Promise<void> {
    const event = decodeAccountEventMessage(message.value);
    if (event.type === 'AccountConnected') await this.warnings.warnDue(new Date(), event.accountId);
  }
}
