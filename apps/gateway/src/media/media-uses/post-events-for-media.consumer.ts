import { Controller } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, PostEventMessage, PostVersionView, Topics } from '@app/contracts';
import { IN_FLIGHT_STATUSES } from '@app/domain';
import { ConsumerGroupOptions, IncomingMessage } from '@app/messaging';
import { MediaUseChange, MediaUses } from './media-uses';

const mediaIdsOf = (versions: readonly PostVersionView[]): string[] => versions.flatMap((version) => version.content.flatMap((item) => item.media));

/** What a post-events message says of the media its post names, and whether it holds them, from the post it carries. */
export function mediaUseChangeOf(message: PostEventMessage): MediaUseChange {
  const { postUuid, revision, deleted, post } = message;
  return { postUuid, revision, mediaIds: deleted ? [] : mediaIdsOf(post.versions), holding: !deleted && IN_FLIGHT_STATUSES.includes(post.status) };
}

/**
 * Keeps MediaUses from `post-events`: which posts name each media file (drafts and published posts
 * too), and which hold it: a media file stays in use while a post naming it is scheduled, waits
 * for approval or is being published.
 */
@Controller()
export class PostEventsForMediaConsumer {
  constructor(private readonly uses: MediaUses) {}

  @EventPattern(ConsumerGroups.gatewayMedia, { topics: [Topics.postEvents] } satisfies ConsumerGroupOptions)
  handle(message: IncomingMessage): Promise<void> {
    return this.uses.apply(mediaUseChangeOf(decodePostEventMessage(message.value)));
  }
}
