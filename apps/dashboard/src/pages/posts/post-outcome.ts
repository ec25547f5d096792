import type { Post, PostStatus } from '../../api';
import { formatInZone } from '../../time';

/** What the dashboard says once a retry is sent (a member who may not approve sends it to an approver first). */
export const RETRY_SENT = 'Retry sent: the accounts that failed are published again.';

/** What a post in `needs_approval` waits for. */
export const APPROVAL_EXPLAINED = 'Waiting for approval: a member who may approve posts must approve it before it is published.';

export const statusLabel = (status: PostStatus): string => status.replace('_', ' ');

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
