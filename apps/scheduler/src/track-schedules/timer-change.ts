import { PostEventMessage } from '@app/contracts';

/** What a post event does to the post's timer. */
export type TimerChange =
  | { kind: 'set'; dueAt: Date; scheduledRevision: number }
  | { kind: 'clear' }
  | { kind: 'none' };

/**
 * A schedule sets the timer; anything that takes the post out of `scheduled` (an edit, a
 * deletion, a request for approval, the start of publishing) removes it. Every message type is
 * named: a new one does not compile until it is given its change here.
 */
export function timerChangeFor(event: PostEventMessage): TimerChange {
  switch (event.type) {
    case 'post.scheduled':
      return event.post.scheduled_at === null
        ? { kind: 'clear' }
        : { kind: 'set', dueAt: new Date(event.post.scheduled_at), scheduledRevision: event.revision };
    case 'post.updated':
    case 'post.deleted':
    case 'post.publishing_started':
    case 'post.approval_requested':
      return { kind: 'clear' };
    case 'post.created':
    case 'post.approved':
    case 'post.account_published':
    case 'post.account_failed':
    case 'post.published':
    case 'post.failed':
    case 'post.metrics_updated':
      return { kind: 'none' };
  }
}
