import { Controller, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { AccountEventMessage, ConsumerGroups, decodeAccountEventMessage, Topics, WebhookEnvelope } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage, TRACEPARENT } from '@app/messaging';
import { DeliveryWorker } from '../deliver-webhooks/delivery-worker';
import { AccountHealth } from './account-health';
import { EventDeliveries, WebhooksTransaction } from './event-deliveries';
import { accountEnvelope } from './webhook-envelope';

/**
 * Queues the webhook deliveries of `account-events`: `account.connected`, `account.disconnected`,
 * `account.needs_reconnect` (once until the account is connected again: the mark is kept in the
 * transaction that queues it) and `account.token_expiring`. Delivery ids are fixed by the message
 * and the webhook, so a redelivered message queues nothing more.
 */
@Controller()
export class AccountEventDeliveriesConsumer {
  private readonly logger = new Logger('WebhookEvents');

  constructor(
    private readonly deliveries: EventDeliveries,
    private readonly worker: DeliveryWorker,
  ) {}

  @EventPattern(ConsumerGroups.webhookDispatcherAccounts, { topics: [Topics.accountEvents] } satisfies ConsumerGroupOptions)
  async consume(message: IncomingMessage): Promise<void> {
    const event = decodeAccountEventMessage(message.value);
    const queued = await this.deliveries.transaction(async (tx) => {
      const envelope = await this.envelopeOf(tx, event);
      if (!envelope) return 0;
      const webhooks = await this.deliveries.subscribedWebhooks(tx, event.workspaceUuid);
      return (await this.deliveries.queueDeliveries(tx, event.eventId, webhooks.wanting(envelope.event), envelope, message.headers[TRACEPARENT] ?? null)).length;
    });
    if (queued === 0) return;
    this.logger.log(`Account ${event.accountId}: ${event.type} queued for ${queued} webhook(s)`);
    this.worker.wake();
  }

  /** The envelope the message fires, keeping what the dispatcher knows of the account up to date; null when it fires none. */
  private async envelopeOf(tx: WebhooksTransaction, event: AccountEventMessage): Promise<WebhookEnvelope | null> {
    const account = await AccountHealth.shown(tx, event);
    switch (event.type) {
      case 'AccountConnected':
        await AccountHealth.connected(tx, event, account);
        return accountEnvelope('account.connected', event.workspaceUuid, account, event.at);
      case 'AccountDisconnected':
        await AccountHealth.removed(tx, event.accountId);
        return accountEnvelope('account.disconnected', event.workspaceUuid, account, event.at);
      case 'AccountAuthorizationLost':
        if (!(await AccountHealth.lostAuthorization(tx, event, account))) return null;
        return accountEnvelope('account.needs_reconnect', event.workspaceUuid, account, event.at, { reason: event.reason });
      case 'AccountTokenExpiring':
        return accountEnvelope('account.token_expiring', event.workspaceUuid, account, event.at, { expires_at: event.expiresAt });
    }
  }
}
