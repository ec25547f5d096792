import { Controller, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, derivedUuid, PostEventName, Topics } from '@app/contracts';
import { ExistingPostState, nextRecycleCopy, PostContentInput, PostRuleViolation, RecycleCopy, ScheduleIntent } from '@app/domain';
import { ConsumerGroupOptions, IncomingMessage } from '@app/messaging';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';

/** The messages after which a recycled post's next copy is made: its origin published, or a copy done publishing (a failed copy does not stop the ones after it). */
const ENDS_PUBLISHING: ReadonlySet<PostEventName> = new Set(['post.published', 'post.failed']);

/** The uuid of copy `copy` of `originUuid`: whoever makes it again (a redelivery, another replica) makes the same post, once. */
export const recycleCopyUuid = (originUuid: string, copy: number): string => derivedUuid('RecycledPost', originUuid, String(copy));

/**
 * Recycling: once a post with `recycle` is published, its first copy is created, scheduled
 * `interval_days` after the origin's publication; once that copy is done publishing, the next,
 * and so on until `times` copies were made. Each copy is created from the origin as it is then (a
 * deleted origin makes no more), due at the origin's publication plus a whole number of intervals,
 * never from the copy before it, so the copies do not drift; a queued origin's copies take the
 * first free slot of its queue from then. A copy whose time has passed (its predecessor was
 * published late) is due at once (or at the queue's next free slot).
 */
@Controller()
export class RecycleCopiesConsumer {
  private readonly logger = new Logger(RecycleCopiesConsumer.name);

  constructor(
    private readonly runner: PostCommandRunner,
    private readonly slots: QueueSlotAllocator,
  ) {}

  @EventPattern(ConsumerGroups.postServiceRecycling, { topics: [Topics.postEvents] } satisfies ConsumerGroupOptions)
  async handle(message: IncomingMessage): Promise<void> {
    const event = decodePostEventMessage(message.value);
    if (!ENDS_PUBLISHING.has(event.type) || event.deleted) return;
    if (event.post.recycle === null && event.post.recycled_from === null) return;
    const post = (await this.runner.current(event.postUuid)).state;
    if (!post.exists) return;
    const origin = post.recycledFrom ? (await this.runner.current(post.recycledFrom.postUuid)).state : post;
    if (!origin.exists) return;
    const next = nextRecycleCopy(origin, post.recycledFrom?.copy ?? 0);
    if (next) await this.make(origin, next, new Date());
  }

  private async make(origin: ExistingPostState, { copy, dueAt }: RecycleCopy, now: Date): Promise<void> {
    const postUuid = recycleCopyUuid(origin.postUuid, copy);
    const { workspaceUuid, versions, accounts, tags, recycleQueue } = origin;
    const intent: ScheduleIntent = recycleQueue
      ? { kind: 'queue', queue: recycleQueue }
      : Date.parse(dueAt) > now.getTime()
        ? { kind: 'schedule', scheduledAt: dueAt }
        : { kind: 'schedule_now' };
    const input: PostContentInput = { versions, accounts, tags, intent };
    const actor = { userId: origin.createdBy, canApprove: true };
    const recycledFrom = { postUuid: origin.postUuid, copy };
    try {
      const outcome = await this.slots.runWithSlot(
        workspaceUuid,
        postUuid,
        input,
        now,
        (withSlot) => this.runner.run(postUuid, { type: 'CreatePost', postUuid, workspaceUuid, actor, now: now.toISOString(), input: withSlot, recycledFrom }),
        new Date(dueAt),
      );
      const scheduledAt = outcome.state.exists ? outcome.state.scheduledAt : null;
      this.logger.log(`Post ${origin.postUuid}: copy ${copy} of ${origin.recycle?.times} is ${postUuid}, due at ${scheduledAt}`);
    } catch (error) {
      if (!(error instanceof PostRuleViolation)) throw error;
      // Made already (a repeated message), or the origin's content no longer makes a post.
      if (error.code !== 'PostAlreadyExists') this.logger.warn(`Post ${origin.postUuid}: copy ${copy} cannot be made: ${error.message}`);
    }
  }
}
