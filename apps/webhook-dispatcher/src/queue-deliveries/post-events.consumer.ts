import { Injectable, Logger } from '@nestjs/common';
import { ConsumerGroups, decodePostEventMessage, PostEventMessage, Topics } from '@app/contracts';
import { ConsumesTopics, IncomingMessage } from '@app/messaging';
import { DeliveryWorker } from '../deliver-webhooks/delivery-worker';
import { EventDeliveries } from './event-deliveries.repository';
import { buildEnvelope, webhookEventFor } from './webhook-envelope';

/**
 * Reads `post-events`: each event that fires a webhook event queues one delivery per subscribed
 * webhook, the envelope built from the post the message carries. Delivery ids are fixed by the
 * event and the webhook, so a redelivered event queues nothing more.
 */
@Injectable()
export class PostEventsConsumer {
  private readonly logger = new Logger('WebhookEvents');

  constructor(
    private readonly deliveries: EventDeliveries,
    private readonly worker: DeliveryWorker,
  ) {}

  @ConsumesTopics({ groupId: ConsumerGroups.webhookDispatcher, topics: [Topics.postEvents] })
  consume(message: IncomingMessage): Promise<void> {
    return this.handle(decodePostEventMessage(message.value));
  }

  async handle(event: PostEventMessage): Promise<void> {
    const name = webhookEventFor(event.type);
    if (!name) return;
    const envelope = buildEnvelope(name, event.workspaceUuid, event.post, event.occurredAt);
    const queued = await this.deliveries.transaction(async (tx) => {
      const webhookIds = await this.deliveries.subscribedWebhooks(tx, event.workspaceUuid, name);
      return this.deliveries.queueDeliveries(tx, event.id, webhookIds, envelope);
    });
    if (queued.length > 0) {
      this.logger.log(`Post ${event.postUuid}: ${name} queued for ${queued.length} webhook(s)`);
      this.worker.wake();
    }
  }
}
