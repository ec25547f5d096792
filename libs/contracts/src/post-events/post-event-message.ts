import type { PostMetricsEntry } from '../post-metrics-view';
import type { PostView } from '../post-view';
import type { WholeNumber } from '../whole-number';

/**
 * The messages on `post-events`, version 1: what happened to a post, with the post as it is after
 * it (the Post resource of the HTTP API), keyed by the post uuid, in the order of the post's
 * revisions. They are translated from the post-service's own events in one place; a reader needs
 * nothing else to know a post's status. docs/asyncapi.yaml is made from these types.
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


interface PostEventCommon {
  version: typeof POST_EVENT_MESSAGE_VERSION;
  /** Unique per event; a redelivered message has the same id. @format uuid @minLength 1 */
  id: string;
  /** @format uuid @minLength 1 */
  workspaceUuid: string;
  /** @format uuid @minLength 1 */
  postUuid: string;
  /** The post's revision after this event: 0 for `post.created`, one more for each event after it; for `post.scheduled`, the schedule's revision, which the scheduler's StartPublishing names. A reader that has seen a higher revision of the post skips the message. */
  revision: WholeNumber;
  /** When it happened (ISO 8601, UTC). @format date-time */
  occurredAt: string;
  /** The post after this event. */
  post: PostView;
  /** True from `post.deleted` on: the post is no longer shown. */
  deleted: boolean;
}

/** A change of the post that carries the common fields alone. */
export interface PostChangedMessage extends PostEventCommon {
  type: Exclude<PostEventName, PostPublishingStartedMessage['type'] | PostAccountResultMessage['type'] | PostMetricsUpdatedMessage['type']>;
}

export interface PostPublishingStartedMessage extends PostEventCommon {
  type: 'post.publishing_started';
  /** The accounts this publishing round publishes to (those that failed, when a partly failed post is scheduled again). */
  accountIds: WholeNumber[];
}

export interface PostAccountResultMessage extends PostEventCommon {
  type: 'post.account_published' | 'post.account_failed';
  /** The account whose result it is: its entry in `post.accounts` holds `external_url`, or the platform's `errors`. */
  accountId: WholeNumber;
}

export interface PostMetricsUpdatedMessage extends PostEventCommon {
  type: 'post.metrics_updated';
  /** The account whose figures were read. */
  accountId: WholeNumber;
  /** The latest figures of every account of the post, as `GET /api/{workspace}/posts/{uuid}/metrics` answers them. */
  metrics: PostMetricsEntry[];
}

/**
 * A post event as `post-events` carries it.
 * @discriminator type
 */
export type PostEventMessage = PostChangedMessage | PostPublishingStartedMessage | PostAccountResultMessage | PostMetricsUpdatedMessage;

export type PostEventMessageOf<Name extends PostEventName> = Extract<PostEventMessage, { type: Name }>;
