import type { PostMetrics } from '../analytics/post-metrics';
import type { AccountBodyRules } from './body/platform-rules';
import type { RecycledFrom, RecyclePlan } from './recycle';
import { AccountPublishResult, AccountSnapshot, PostVersion, ScheduleIntent } from './post-types';

/** Who issues a command, with the rights the gateway established for them in the workspace. */
export interface Actor {
  /** @asType integer @minimum 0 */
  userId: number;
  canApprove: boolean;
}

export interface PostContentInput {
  versions: PostVersion[];
  accounts: AccountSnapshot[];
  tags: string[];
  intent: ScheduleIntent;
  /** Publish the post again every `interval_days` once it is published, `times` times; null: never; absent: as the post is (never, for a new post). */
  recycle?: RecyclePlan | null;
  /**
   * Account id -> what its platform takes of a post body (text limit, content items, media), for the
   * accounts whose platform has rules, as the platforms told them when the body was read (Mastodon's
   * text limit depends on the instance). The decider applies them again at schedule time.
   */
  platformRules?: Readonly<Record<number, AccountBodyRules>>;
}

/**
 * The revisions a caller read the post at (`If-Match`): the command is refused with PostChanged
 * unless the post is still at one of them. Checked on the state the command is appended after, so
 * two writers that read the same revision never both pass. Absent: the post may be at any revision.
 */
export interface ReadAtRevision {
  expectedRevisions?: readonly number[];
}

export type PostCommand =
  /** `recycledFrom`: the post is a copy of a recycled post, made by the post-service. */
  | { type: 'CreatePost'; postUuid: string; workspaceUuid: string; actor: Actor; now: string; input: PostContentInput; recycledFrom?: RecycledFrom }
  | ({ type: 'UpdatePost'; actor: Actor; now: string; input: PostContentInput } & ReadAtRevision)
  | ({ type: 'DeletePost'; actor: Actor; now: string } & ReadAtRevision)
  | ({ type: 'ApprovePost'; actor: Actor; now: string } & ReadAtRevision)
  /** Publishes a failed post again, at once, to the accounts that have not published it (as `schedule_now` would). */
  | ({ type: 'RetryPost'; actor: Actor; now: string } & ReadAtRevision)
  /** Sent by the scheduler at the due time; `scheduledRevision` is the revision of the PostScheduled it timed. */
  | { type: 'StartPublishing'; scheduledRevision: number; now: string }
  /**
   * Sent by the scheduler's watchdog when no publish result came in `waitedMs` after publishing
   * started: the accounts still without a result fail, so the post does not stay publishing.
   */
  | { type: 'ExpirePublishing'; waitedMs: number; now: string }
  /** Sent by the publisher once per account: its result (`items`: per content item, the item on the platform or null). */
  | ({ type: 'RecordPublishResult'; now: string } & AccountPublishResult)
  /** Sent by the publisher for each point of the collection of a published account's figures; a point already recorded is ignored. */
  | { type: 'RecordMetrics'; now: string; accountId: number; point: string; metrics: PostMetrics; collectedAt: string };

export type PostCommandType = PostCommand['type'];
