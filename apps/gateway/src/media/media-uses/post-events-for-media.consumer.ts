import { Inject, Injectable, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { ConsumerGroups, Topics } from '@app/contracts';
import { IncomingMessage, MESSAGE_BUS, MessageBus, Subscription, UnprocessableMessage } from '@app/messaging';
import { MediaUseChange, MediaUses } from './media-uses';

interface VersionsData {
  versions?: ReadonlyArray<{ content?: ReadonlyArray<{ media?: readonly unknown[] }> }>;
}

/** The events that change what a post holds: its content, or whether it is scheduled. */
const SCHEDULED_BY: Record<string, boolean> = {
  PostScheduled: true,
  PostApprovalRequested: true,
  PostApproved: true,
  PublishingStarted: true,
  PostPublishFailed: false,
};

const mediaIdsOf = (data: VersionsData): string[] =>
  (data.versions ?? []).flatMap((version) => (version.content ?? []).flatMap((item) => (item.media ?? []).filter((id): id is string => typeof id === 'string')));

/** A post event as it concerns media, or null when it does not. */
export function mediaUseChangeOf(message: IncomingMessage): MediaUseChange | null {
  const event = message.value as { type?: unknown; postUuid?: unknown; revision?: unknown; data?: unknown } | null;
  if (typeof event !== 'object' || event === null || typeof event.postUuid !== 'string' || !Number.isSafeInteger(event.revision)) {
    throw new UnprocessableMessage('A post event needs a postUuid and a numeric revision.');
  }
  const { postUuid } = event;
  const revision = event.revision as number;
  if (event.type === 'PostCreated' || event.type === 'PostUpdated') return { kind: 'content', postUuid, revision, mediaIds: mediaIdsOf((event.data ?? {}) as VersionsData) };
  if (event.type === 'PostPublished' || event.type === 'PostDeleted') return { kind: 'gone', postUuid, revision };
  if (typeof event.type === 'string' && event.type in SCHEDULED_BY) return { kind: 'scheduled', postUuid, revision, scheduled: SCHEDULED_BY[event.type] };
  return null;
}

/**
 * Keeps MediaUses from `post-events`: a media file stays in use from the moment a post naming it is
 * scheduled (or waits for approval) until the post is published, fails, is deleted or is edited.
 */
@Injectable()
export class PostEventsForMediaConsumer implements OnApplicationBootstrap, OnModuleDestroy {
  private subscription: Subscription | null = null;

  constructor(
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    private readonly uses: MediaUses,
  ) {}

  async onApplicationBootstrap(): Promise<void> {
    this.subscription = await this.bus.subscribe({ groupId: ConsumerGroups.gatewayMedia, topics: [Topics.postEvents], handle: (message) => this.handle(message) });
  }

  async onModuleDestroy(): Promise<void> {
    await this.subscription?.stop();
    this.subscription = null;
  }

  async handle(message: IncomingMessage): Promise<void> {
    const change = mediaUseChangeOf(message);
    if (change) await this.uses.apply(change);
  }
}
