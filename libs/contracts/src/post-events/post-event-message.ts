import type { PostMetricsEntry } from '../post-metrics-view';
import type { PostView } from '../post-view';

/**
 * The messages on `post-events`, version 1: what happened to a post, with the post as it is after
 * it (the Post resource of the HTTP API), keyed by the post uuid, in the order of the post's
 * revisions. They are translated from the post-service's own events in one place; a reader needs
 * nothing else to know a post's status.
 */
export const POST_EVENT_MESSAGE_VERSION = 1 as const;

export const POST_EVENT_NAMES = [
  'post.created',
  'post.updated',
  'post.scheduled',
  'post.approval_requested',
  'post.approved',
  'post.deleted',
  'post.publishing_started',
  'post.account_published',
  'post.account_failed',
  'post.published',
  'post.failed',
  'post.metrics_updated',
] as const;

export type PostEventName = (typeof POST_EVENT_NAMES)[number];

/** What some messages carry beyond the common fields. */
interface PostEventDetails {
  'post.created': object;
  'post.updated': object;
  /** `revision` is the schedule's revision: the scheduler's StartPublishing names it. */
  'post.scheduled': object;
  'post.approval_requested': object;
  'post.approved': object;
  'post.deleted': object;
  /** The accounts this publishing round publishes to (those that failed, when a partly failed post is scheduled again). */
  'post.publishing_started': { accountIds: number[] };
  /** `post.accounts[]` of that id holds `external_url`. */
  'post.account_published': { accountId: number };
  /** `post.accounts[]` of that id holds the platform's `errors`. */
  'post.account_failed': { accountId: number };
  'post.published': object;
  'post.failed': object;
  /** New figures were read for account `accountId`; `metrics` holds the latest of every account of the post. */
  'post.metrics_updated': { accountId: number; metrics: PostMetricsEntry[] };
}

interface PostEventCommon<Name extends PostEventName> {
  version: typeof POST_EVENT_MESSAGE_VERSION;
  /** Unique per event; a redelivered message has the same id. */
  id: string;
  type: Name;
  workspaceUuid: string;
  postUuid: string;
  /** The post's revision after this event: 0 for `post.created`, one more for each event after it. */
  revision: number;
  /** When it happened (ISO 8601, UTC). */
  occurredAt: string;
  /** The post after this event. */
  post: PostView;
  /** True from `post.deleted` on: the post is no longer shown. */
  deleted: boolean;
}

export type PostEventMessage = { [Name in PostEventName]: PostEventCommon<Name> & PostEventDetails[Name] }[PostEventName];

export type PostEventMessageOf<Name extends PostEventName> = Extract<PostEventMessage, { type: Name }>;
