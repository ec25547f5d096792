import { Injectable } from '@nestjs/common';
import { ConsumerGroups, decodePostEventMessage, PostEventMessage, Topics } from '@app/contracts';
import { ConsumesTopics, IncomingMessage } from '@app/messaging';
import { PublishingWatchStore } from './publishing-watch.store';

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
      return 'none';
  }
}

/** Watches publishing rounds from `post-events`: from their start to their end. */
@Injectable()
export class PublishingWatchConsumer {
  constructor(private readonly watch: PublishingWatchStore) {}

  @ConsumesTopics({ groupId: ConsumerGroups.schedulerWatchdog, topics: [Topics.postEvents] })
  async handle(message: IncomingMessage): Promise<void> {
    const event = decodePostEventMessage(message.value);
    const change = watchChangeFor(event);
    if (change === 'start') await this.watch.started(event.postUuid, event.revision, new Date(event.occurredAt));
    else if (change === 'end') await this.watch.ended(event.postUuid, event.revision);
  }
}
