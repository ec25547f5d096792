import { Controller, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, PostEventMessage, Topics } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage, TRACEPARENT } from '@app/messaging';
import { DeliveryWorker } from '../deliver-webhooks/delivery-worker';
import { EventDeliveries, SubscribedWebhooks } from './event-deliveries';
import { postEventEnvelope } from './webhook-envelope';

/**
 * Queues the webhook deliveries of `post-events`: each event that fires a webhook event queues one
 * delivery per subscribed webhook, the envelope built from the post the message carries. Delivery
 * ids are fixed by the event and the webhook, so a redelivered event queues nothing more.
 */
@Controller()
export class EventDeliveriesConsumer {
  private readonly logger = new Logger('WebhookEvents');

  constructor(
    private readonly deliveries: EventDeliveries,
    private readonly worker: DeliveryWorker,
  ) {}

  @EventPattern(ConsumerGroups.webhookDispatcher, { topics: [Topics.postEvents], batches: true } satisfies ConsumerGroupOptions)
  consume(messages: readonly IncomingMessage[]): Promise<void> {
    return this.handleAll(messages.map((message) => ({ event: decodePostEventMessage(message.value), traceparent: message.headers[TRACEPARENT] ?? null })));
  }

  /** Queues the deliveries of the events in one transaction. */
  private async handleAll(events: ReadonlyArray<{ event: PostEventMessage; traceparent: string | null }>): Promise<void> {
    const fired = events.flatMap(({ event, traceparent }) => {
      const envelope = postEventEnvelope(event);
      return envelope ? [{ event, name: envelope.event, envelope, traceparent }] : [];
    });
    if (fired.length === 0) return;
    const queued = await this.deliveries.transaction(async (tx) => {
      const counts: number[] = [];
      const webhooksOf = new Map<string, SubscribedWebhooks>();
      for (const { event, name, envelope, traceparent } of fired) {
        let webhooks = webhooksOf.get(event.workspaceUuid);
        if (!webhooks) {
          webhooks = await this.deliveries.subscribedWebhooks(tx, event.workspaceUuid);
          webhooksOf.set(event.workspaceUuid, webhooks);
        }
        counts.push((await this.deliveries.queueDeliveries(tx, event.id, webhooks.wanting(name), envelope, traceparent)).length);
      }
      return counts;
    });
    fired.forEach(({ event, name }, index) => {
      if (queued[index] > 0) this.logger.log(`Post ${event.postUuid}: ${name} queued for ${queued[index]} webhook(s)`);
    });
    if (queued.some((count) => count > 0)) this.worker.wake();
  }
}
