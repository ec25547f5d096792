import { PostEventMessage } from '@app/contracts';

/** What a post event does to the post's timer. */
export type TimerChange =
  | { kind: 'set'; dueAt: Date; scheduledRevision: number }
  | { kind: 'clear' }
  | { kind: 'none' };

/**
 * A schedule sets the timer; anything that takes the post out of `scheduled` (an edit, a
 * deletion, a request for approval, the start of publishing) removes it.
 */
export function timerChangeFor(event: PostEventMessage): TimerChange {
  switch (event.type) {
    case 'PostScheduled':
      return { kind: 'set', dueAt: new Date(event.data.scheduledAt), scheduledRevision: event.revision };
    case 'PostUpdated':
    case 'PostDeleted':
    case 'PublishingStarted':
    case 'PostApprovalRequested':
      return { kind: 'clear' };
    default:
      return { kind: 'none' };
  }
}

/** The fields the scheduler relies on; anything else on `post-events` is not a post event it can use. */
export function isPostEventMessage(value: unknown): value is PostEventMessage {
  if (typeof value !== 'object' || value === null) return false;
  const message = value as Partial<PostEventMessage>;
  return (
    typeof message.type === 'string' &&
    typeof message.postUuid === 'string' &&
    Number.isInteger(message.revision) &&
    (message.type !== 'PostScheduled' || !Number.isNaN(Date.parse(String(message.data?.scheduledAt))))
  );
}
