import { type AccountPublishResult, type PublishedItem, PUBLISH_OUTCOMES } from '@app/domain';

/** What publishing a post to one account came to (the domain's list). */
export { PUBLISH_OUTCOMES };

/** From the scheduler, at the due time of the schedule made at `scheduledRevision`. */
export interface StartPublishingMessage {
  /** @minLength 1 */
  commandId: string;
  type: 'StartPublishing';
  /** @format uuid @minLength 1 */
  postUuid: string;
  /** The revision of the post's `post.scheduled`; a command of an older schedule is ignored. @asType integer @minimum 0 */
  scheduledRevision: number;
  /** @format date-time */
  sentAt: string;
}

/** From the scheduler's watchdog: publishing started `waitedMs` ago and results are still missing. */
export interface ExpirePublishingMessage {
  /** @minLength 1 */
  commandId: string;
  type: 'ExpirePublishing';
  /** @format uuid @minLength 1 */
  postUuid: string;
  /** @asType integer @minimum 0 */
  waitedMs: number;
  /** @format date-time */
  sentAt: string;
}

/** From the publisher, once per account of a publishing round: the domain's result of an account, sent. */
export interface RecordPublishResultMessage extends Omit<AccountPublishResult, 'items'> {
  /** @minLength 1 */
  commandId: string;
  type: 'RecordPublishResult';
  /** @format uuid @minLength 1 */
  postUuid: string;
  /**
   * Per content item of the account's version, in order: the item on the platform, or null.
   * Absent in results sent before threads were published (the one item is `externalId`).
   */
  items?: (PublishedItem | null)[];
  /** @format date-time */
  sentAt: string;
}

/**
 * From the publisher, once per point of the collection of a published account's figures (`point`:
 * a point of the schedule, or `refresh:<instant>` for a reading asked for); a point already recorded is ignored.
 */
export interface RecordMetricsMessage {
  /** @minLength 1 */
  commandId: string;
  type: 'RecordMetrics';
  /** @format uuid @minLength 1 */
  postUuid: string;
  /** @asType integer */
  accountId: number;
  point: string;
  /** Every figure the product names, null where the platform does not report it. */
  metrics: Record<string, number | null>;
  /** @format date-time */
  collectedAt: string;
  /** @format date-time */
  sentAt: string;
}

/**
 * Commands other services send to the Post aggregate on `post-commands`.
 * @discriminator type
 */
export type PostCommandMessage = StartPublishingMessage | ExpirePublishingMessage | RecordPublishResultMessage | RecordMetricsMessage;
