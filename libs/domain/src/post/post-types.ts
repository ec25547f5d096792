import type { PostingQueue } from '../queue/posting-queue';

/** Values shared by the commands, events and state of the Post aggregate. */

export const POST_STATUSES = ['draft', 'needs_approval', 'scheduled', 'publishing', 'published', 'failed'] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

/**
 * The statuses of a post that is still to publish, or publishing: it holds the instant it is due at
 * (no queued post may be given it) and the media it names, and it counts as in flight.
 */
export const IN_FLIGHT_STATUSES: readonly PostStatus[] = ['needs_approval', 'scheduled', 'publishing'];

export interface PostContent {
  body: string;
  media: string[];
}

export interface PostVersion {
  /** 0 for the original version, otherwise the account the version is written for. @asType integer */
  account_id: number;
  is_original: boolean;
  content: PostContent[];
  options: Record<string, unknown>;
}

/** What the post needs to know of an account it targets, taken when the post is written. */
export interface AccountSnapshot {
  /** @asType integer */
  id: number;
  provider: string;
  name: string;
  username: string | null;
}

/** A content item of a version as it is on a platform: its id there, and its address (null where the platform gives none). */
export interface PublishedItem {
  externalId: string;
  externalUrl: string | null;
}

/**
 * The items of an account's publish result: as given, or, for a result written before threads
 * (an event stored then, a publisher not yet upgraded), its one item named by `externalId`.
 */
export function publishedItemsOf(items: readonly (PublishedItem | null)[] | undefined, externalId: string | null, externalUrl: string | null): (PublishedItem | null)[] {
  if (items) return [...items];
  return externalId === null ? [] : [{ externalId, externalUrl }];
}

/** What publishing the post to one account came to (in the current or last publishing round). */
/** How publishing to one account ended. */
export const PUBLISH_OUTCOMES = ['published', 'failed'] as const;

export interface AccountPublication {
  outcome: (typeof PUBLISH_OUTCOMES)[number];
  /** The first content item's id and address: the post on the platform. */
  externalId: string | null;
  externalUrl: string | null;
  errors: string[];
  /**
   * One entry per content item of the version, in order: the item on the platform, or null when
   * it is not (a thread that failed at its third item has its first two here; missing entries too).
   */
  items: (PublishedItem | null)[];
}

/** An account's publication as the post keeps it: with the time its result was recorded. */
export interface RecordedPublication extends AccountPublication {
  at: string;
}

/** Where publishing the post to one account stands: not yet attempted (in this round), or its result. */
export const ACCOUNT_PUBLISH_STATUSES = ['pending', ...PUBLISH_OUTCOMES] as const;
export type AccountPublishStatus = (typeof ACCOUNT_PUBLISH_STATUSES)[number];

export const accountPublishStatus = (publication: AccountPublication | undefined): AccountPublishStatus => publication?.outcome ?? 'pending';

/** An account's publication, as the publisher reports it. */
export interface AccountPublishResult extends AccountPublication {
  /** @asType integer */
  accountId: number;
}

/** How the author asked the post to be scheduled. */
export type ScheduleIntent =
  /** Not scheduled; `scheduledAt` is a time the draft keeps for later (shown, and used by `schedule_kept_time`). */
  | { kind: 'draft'; scheduledAt?: string }
  | { kind: 'schedule'; scheduledAt: string }
  /** Scheduled at the time the post already has (an update that sends `schedule` without a time). */
  | { kind: 'schedule_kept_time' }
  | { kind: 'schedule_now' }
  /**
   * At the next free slot of the workspace's queue: the post-service picks it (`slotAt`) before
   * the decider sees the command; without one, no slot was free.
   */
  | { kind: 'queue'; queue: PostingQueue; slotAt?: string };
