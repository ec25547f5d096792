import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ACCOUNT_EVENT_VERSION, accountEventRecord, AccountRegistryEvent, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { errorMessage } from '@app/errors';
import { AccountView } from '../account-store';

/**
 * Tells `account-events` that an account of a workspace was connected (or connected again) or
 * removed, for the webhooks' `account.connected` and `account.disconnected`. The client's answer
 * does not depend on it: a message that cannot be sent is logged, not thrown.
 */
@Injectable()
export class AccountNews {
  private readonly logger = new Logger('Gateway');

  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  async tell(type: AccountRegistryEvent['type'], workspaceUuid: string, account: Pick<AccountView, 'id' | 'provider' | 'name' | 'username'>): Promise<void> {
    const message: AccountRegistryEvent = {
      version: ACCOUNT_EVENT_VERSION,
      eventId: randomUUID(),
      type,
      accountId: account.id,
      workspaceUuid,
      provider: account.provider,
      name: account.name,
      username: account.username,
      at: new Date().toISOString(),
    };
    try {
      await this.bus.publish(Topics.accountEvents, [accountEventRecord(message)]);
    } catch (error) {
      this.logger.error(`Could not tell that account ${account.id} of workspace ${workspaceUuid} was ${type === 'AccountConnected' ? 'connected' : 'removed'}: ${errorMessage(error)}`);
    }
  }
}
