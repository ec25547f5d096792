import type { Post, PostStatus } from '../../api';
import { formatInZone } from '../../time';

/** What the dashboard says once a retry is sent (a member who may not approve sends it to an approver first). */
export const RETRY_SENT = 'Retry sent: the accounts that failed are published again.';

/** What a post in `needs_approval` waits for. */
export const APPROVAL_EXPLAINED = 'Waiting for approval: a member who may approve posts must approve it before it is published.';

export const statusLabel = (status: PostStatus): string => status.replace('_', ' ');

/*
 * What the pages show by a post's status, in one place. What a caller may do to a post is never
 * decided here: the post's `actions` say it, from the server's own rules.
 */

/** Whether the post waits for an approver: its notes come first, and lists count it apart. */
export const awaitsApproval = (post: Pick<Post, 'status'>): boolean => post.status === 'needs_approval';

/** The accounts the post is published on (a post that failed on others included): those that have figures to show. */
export const publishedAccounts = (post: Pick<Post, 'accounts'>): Post['accounts'] => post.accounts.filter((account) => account.status === 'published');

/** Whether the post has a time it keeps when moved or saved (anything but a draft). */
export const isTimed = (post: Pick<Post, 'status'>): boolean => post.status !== 'draft';

/** Whether saving the post as a draft takes it off the schedule (it is scheduled, or awaits approval), which the button says. */
export const draftUnschedules = (post: Pick<Post, 'status'>): boolean => post.status === 'scheduled' || awaitsApproval(post);

/** What the edit page says of a post in this status, beside its status; null when nothing needs saying. */
export function statusNotice(post: Pick<Post, 'status'>): string | null {
  switch (post.status) {
    case 'needs_approval':
      return APPROVAL_EXPLAINED;
    case 'published':
      return 'A published post cannot be edited. Duplicate it to publish it again.';
    case 'publishing':
      return 'The post is being published and cannot be changed now.';
    default:
      return null;
  }
}

/** What saving a post did, in words, as the Posts list then says it; a post without a time (`schedule_now`) goes out as soon as it may. */
export function savedMessage(post: Post, timeZone: string): string {
  const at = post.scheduled_at ? `${formatInZone(post.scheduled_at, timeZone)} (${timeZone})` : null;
  switch (post.status) {
    case 'scheduled':
      return at ? `Post scheduled for ${at}.` : 'Post scheduled to publish as soon as possible.';
    case 'needs_approval':
      return `${at ? `Post saved for ${at}.` : 'Post saved, to publish as soon as it is approved.'} ${APPROVAL_EXPLAINED}`;
    case 'draft':
      return at ? `Draft saved (not scheduled; its time ${at} is kept).` : 'Draft saved.';
    default:
      return `Post saved: ${statusLabel(post.status)}.`;
  }
}

/*
 * The message of the last save, for the Posts list to show once: kept in memory, so that a reload
 * or a shared address does not say it again.
 */
let pendingMessage: string | null = null;

export function rememberOutcome(message: string): void {
  pendingMessage = message;
}

export function takeOutcome(): string | null {
  const message = pendingMessage;
  pendingMessage = null;
  return message;
}
