import { Inject, Injectable, Logger } from '@nestjs/common';
import { ConsumerGroups, PostEventMessage, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus, Subscription } from '@app/messaging';
import { DeliveryWorker } from '../deliver-webhooks/delivery-worker';
import { projectPost } from './post-projection';
import { PostProjectionRepository } from './post-projection.repository';
import { buildEnvelope, eventTime, webhookEventFor } from './webhook-envelope';

/**
 * Reads `post-events`: keeps the posts projection and queues one delivery per subscribed webhook,
 * both in the transaction that advances the post's revision, so a redelivered event does nothing.
 */
@Injectable()
export class PostEventsConsumer {
  private readonly logger = new Logger('WebhookEvents');
  private subscription?: Subscription;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    private readonly posts: PostProjectionRepository,
    private readonly worker: DeliveryWorker,
  ) {}

  async start(): Promise<void> {
    this.subscription = await this.bus.subscribe({
      groupId: ConsumerGroups.webhookDispatcher,
      topics: [Topics.postEvents],
      handle: (message) => this.handle(asPostEvent(message.value)),
    });
  }

  async stop(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = undefined;
  }

  async handle(event: PostEventMessage): Promise<void> {
    const queued = await this.posts.transaction(async (tx) => {
      const current = await this.posts.lock(tx, event.postUuid);
      const next = projectPost(current, event);
      if (!next) {
        if (!current && event.type !== 'PostCreated') this.logger.warn(`${event.type} of unknown post ${event.postUuid} ignored`);
        return [];
      }
      await this.posts.save(tx, next);
      const name = webhookEventFor(event.type);
      if (!name) return [];
      const envelope = buildEnvelope(name, next, eventTime(event));
      const webhookIds = await this.posts.subscribedWebhooks(tx, next.workspaceUuid, name);
      return this.posts.queueDeliveries(tx, event.eventId, webhookIds, envelope);
    });
    if (queued.length > 0) {
      this.logger.log(`Post ${event.postUuid}: ${webhookEventFor(event.type)} queued for ${queued.length} webhook(s)`);
      this.worker.wake();
    }
  }
}

function asPostEvent(value: unknown): PostEventMessage {
  const event = value as Partial<PostEventMessage> | null;
  if (!event || typeof event.type !== 'string' || typeof event.postUuid !== 'string' || typeof event.eventId !== 'string' ||
      typeof event.revision !== 'number' || typeof event.data !== 'object') {
    throw new Error('Not a post event message');
  }
  return event as PostEventMessage;
}
