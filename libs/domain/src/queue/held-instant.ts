import { IN_FLIGHT_STATUSES, type PostStatus } from '../post/post-types';

/** The instant a post holds (epoch milliseconds), or null: drafts, ended and deleted posts, and a request for approval "as soon as possible" hold none. */
export function heldInstantOf(post: { status: PostStatus; scheduledAt: string | null; deleted: boolean }): number | null {
  if (post.deleted || post.scheduledAt === null || !IN_FLIGHT_STATUSES.includes(post.status)) return null;
  const instant = Date.parse(post.scheduledAt);
  return Number.isNaN(instant) ? null : instant;
}
