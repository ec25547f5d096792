import type { RecycledFrom, RecyclePlan } from './recycle';
import type { PostingQueue } from '../queue/posting-queue';
import type { PostMetrics } from '../analytics/post-metrics';
import { AccountSnapshot, PostVersion, PublishedItem } from './post-types';

/**
 * Events of the Post aggregate. Each has an explicit, past-tense PascalCase `type` that is
 * stored in the event stream and travels on the bus: renaming a class never changes it.
 */
export type PostEvent =
  | {
      type: 'PostCreated';
      data: {
        postUuid: string;
        workspaceUuid: string;
        createdBy: number;
        versions: PostVersion[];
        accounts: AccountSnapshot[];
        tags: string[];
        /** A time the author gave the draft, kept for later (absent: none). */
        scheduledAt?: string;
        /** Absent: the post is not recycled. */
        recycle?: RecyclePlan;
        /** A recycled post given a slot of the queue: the queue its copies take their slots from. */
        recycleQueue?: PostingQueue;
        /** Absent: the post is no copy. */
        recycledFrom?: RecycledFrom;
        at: string;
      };
    }
  /**
   * Content replaced; the post is a draft again (keeping `scheduledAt` when the author gave one)
   * until a scheduling event follows in the same append.
   */
  | {
      type: 'PostUpdated';
      data: { versions: PostVersion[]; accounts: AccountSnapshot[]; tags: string[]; scheduledAt?: string; recycle?: RecyclePlan; recycleQueue?: PostingQueue; updatedBy: number; at: string };
    }
  /** The post will be published at `scheduledAt`. */
  | { type: 'PostScheduled'; data: { scheduledAt: string; at: string } }
  /** A schedule was asked for by a member who may not approve: the post waits for an approver. */
  | { type: 'PostApprovalRequested'; data: { scheduledAt: string | null; requestedBy: number; at: string } }
  | { type: 'PostApproved'; data: { approvedBy: number; at: string } }
  | { type: 'PostDeleted'; data: { deletedBy: number; at: string } }
  | {
      type: 'PublishingStarted';
      data: { accounts: AccountSnapshot[]; versions: PostVersion[]; at: string };
    }
  /**
   * `items`: per content item, the item on the platform or null; events stored before threads were
   * published have none (their one item is `externalId`).
   */
  | { type: 'AccountPublished'; data: { accountId: number; externalId: string | null; externalUrl: string | null; items?: (PublishedItem | null)[]; at: string } }
  /** `items` only when some content items were published before the failure (a thread cut short). */
  | { type: 'AccountPublishFailed'; data: { accountId: number; errors: string[]; items?: (PublishedItem | null)[]; at: string } }
  | { type: 'PostPublished'; data: { publishedAt: string } }
  | { type: 'PostPublishFailed'; data: { failedAccountIds: number[]; at: string } }
  /**
   * The figures of the post on a published account, as its platform reported them at `collectedAt`,
   * for one `point` of the collection (`1h`, `24h`, ... of the schedule, or `refresh:<instant>`). Not a
   * change of the post: it leaves `updatedAt` alone.
   */
  | { type: 'MetricsCollected'; data: { accountId: number; point: string; metrics: PostMetrics; collectedAt: string } };

export type PostEventType = PostEvent['type'];

/** Every event type, once: a type added to PostEvent does not compile until it is named here too. */
const EVENT_TYPES: Readonly<Record<PostEventType, true>> = {
  PostCreated: true,
  PostUpdated: true,
  PostScheduled: true,
  PostApprovalRequested: true,
  PostApproved: true,
  PostDeleted: true,
  PublishingStarted: true,
  AccountPublished: true,
  AccountPublishFailed: true,
  PostPublished: true,
  PostPublishFailed: true,
  MetricsCollected: true,
};

/** Whether a stored event's type is one of the Post aggregate's. */
export const isPostEventType = (type: string): type is PostEventType => Object.hasOwn(EVENT_TYPES, type);

export const postStreamId = (postUuid: string): string => `post-${postUuid}`;
