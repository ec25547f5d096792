import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, PostEventMessage, Topics } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage } from '@app/messaging';
import { PublishingWatchStore } from './publishing-watch-store';

type WatchChange = 'start' | 'end' | 'none';

/** What a post event does to the watch of its publishing round. Every type is named. */
export function watchChangeFor(event: PostEventMessage): WatchChange {
  switch (event.type) {
    case 'post.publishing_started':
      return 'start';
    case 'post.published':
    case 'post.failed':
    case 'post.deleted':
      return 'end';
    case 'post.created':
    case 'post.updated':
    case 'post.scheduled':
    case 'post.approval_requested':
    case 'post.approved':
    case 'post.account_published':
    case 'post.account_failed':
    case 'post.metrics_updated':
      return 'none';
  }
}

/** Watches publishing rounds from `post-events`: from their start to their end. */
@Controller()
export class PublishingWatchConsumer {
  constructor(private readonly watch: PublishingWatchStore) {}

  @EventPattern(ConsumerGroups.schedulerWatchdog, { topics: [Topics.postEvents], batches: true } satisfies ConsumerGroupOptions)
  async handle(messages: readonly IncomingMessage[]): Promise<void> {
    const rounds = messages.flatMap((message) => {
      const event = decodePostEventMessage(message.value);
      const change = watchChangeFor(event);
      if (change === 'none') return [];
      return [{ postUuid: event.postUuid, revision: event.revision, startedAt: change === 'start' ? new Date(event.occurredAt) : null }];
    });
    await this.watch.recordAll(rounds);
  }
}
