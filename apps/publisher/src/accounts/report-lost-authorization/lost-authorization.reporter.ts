import { Inject, Injectable, Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { ACCOUNT_EVENT_VERSION, AccountAuthorizationLostEvent, accountEventRecord, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { errorMessage } from '@app/errors';

export interface LostAuthorization {
  accountId: number;
  workspaceUuid: string;
  provider: string;
  reason: string;
}

/**
 * Tells the services that show accounts (the gateway's `authorized`) that a platform refused an
 * account's credentials while publishing. A report that cannot be sent is logged, not thrown: the
 * publish result matters more, and the next publish to the account reports it again.
 */
@Injectable()
export class LostAuthorizationReporter {
  private readonly logger = new Logger('Publisher');

  constructor(@Inject(MESSAGE_BUS) private readonly bus: MessageBus) {}

  async report(lost: LostAuthorization): Promise<void> {
    const message: AccountAuthorizationLostEvent = {
      version: ACCOUNT_EVENT_VERSION,
      eventId: randomUUID(),
      type: 'AccountAuthorizationLost',
      ...lost,
      at: new Date().toISOString(),
    };
    try {
      await this.bus.publish(Topics.accountEvents, [accountEventRecord(message)]);
      this.logger.warn(`${lost.provider} refused the credentials of account ${lost.accountId}; it must be connected again (${lost.reason})`);
    } catch (error) {
      this.logger.error(`Could not report that account ${lost.accountId} must be connected again: ${errorMessage(error)}`);
    }
  }
}
