import type { Post, Schemas } from '../../api';
import { isTimed } from '../posts/post-outcome';
import { zonedParts } from '../../time';

/** Posts the calendar moves to another day: those the server says the caller may move, that have a time. */
export const isMovable = (post: Post): boolean => post.actions.move && post.scheduled_at !== null;

export const PAST_DAY = 'A post cannot be moved to a past day: pick today or a later day.';

export const NOT_MOVABLE = 'This post cannot be moved: it is published or being published, or your role does not change posts.';

/**
 * The post's update body at the same time of day on another day, in the zone the dashboard shows
 * times in: its versions, accounts and tags as they are. A draft stays a draft; a scheduled (or
 * failed) post is scheduled at the new time.
 */
export function movedBody(post: Post, date: string, timeZone: string): Schemas['PostBody'] {
  const { time } = zonedParts(new Date(post.scheduled_at!), timeZone);
  const versions = post.versions.map(({ account_id, is_original, content, options }) => ({ account_id, is_original, content, options }));
  return { versions, accounts: post.accounts.map((account) => account.id), tags: post.tags, date, time, timezone: timeZone, schedule: isTimed(post) };
}
