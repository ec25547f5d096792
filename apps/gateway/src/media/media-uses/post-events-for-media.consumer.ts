import { Injectable } from '@nestjs/common';
import { ConsumerGroups, decodePostEventMessage, PostEventMessage, PostStatus, PostVersionView, Topics } from '@app/contracts';
import { ConsumesTopics, IncomingMessage } from '@app/messaging';
import { MediaUseChange, MediaUses } from './media-uses';

/** A post in these states holds its media: they are about to be published (or being published). */
const HOLDING: readonly PostStatus[] = ['needs_approval', 'scheduled', 'publishing'];

const mediaIdsOf = (versions: readonly PostVersionView[]): string[] => versions.flatMap((version) => version.content.flatMap((item) => item.media));

/** What a post-events message says of the media its post holds, from the post it carries. */
export function mediaUseChangeOf(message: PostEventMessage): MediaUseChange {
  const holding = !message.deleted && HOLDING.includes(message.post.status);
  return { postUuid: message.postUuid, revision: message.revision, mediaIds: holding ? mediaIdsOf(message.post.versions) : [] };
}

/**
 * Keeps MediaUses from `post-events`: a media file stays in use while a post naming it is
 * scheduled, waits for approval or is being published.
 */
@Injectable()
export class PostEventsForMediaConsumer {
  constructor(private readonly uses: MediaUses) {}

  @ConsumesTopics({ groupId: ConsumerGroups.gatewayMedia, topics: [Topics.postEvents] })
  handle(message: IncomingMessage): Promise<void> {
    return this.uses.apply(mediaUseChangeOf(decodePostEventMessage(message.value)));
  }
}
