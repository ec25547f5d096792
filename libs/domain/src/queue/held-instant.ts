import type { PostStatus } from '../post/post-types';

/** A post in these statuses holds the instant it is due at: no queued post may be given it. */
const HOLDING_STATUSES: readonly PostStatus[] = ['needs_approval', 'scheduled', 'publishing'];

/** The instant a post holds (epoch milliseconds), or null: drafts, ended and deleted posts, and a request for approval "as soon as possible" hold none. */
export function heldInstantOf(post: { status: PostStatus; scheduledAt: string | null; deleted: boolean }): number | null {
  if (post.deleted || post.scheduledAt === null || !HOLDING_STATUSES.includes(post.status)) return null;
  const instant = Date.parse(post.scheduledAt);
  return Number.isNaN(instant) ? null : instant;
}
