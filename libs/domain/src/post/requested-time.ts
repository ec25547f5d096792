import type { FieldErrors } from '../fields/field-errors';
import { QueueMessages } from '../queue/posting-queue';
import { PostMessages } from './body/post-body-messages';
import type { ScheduleIntent } from './post-types';

export interface RequestedTime {
  /** When the post is to go out; null for a draft, and for "as soon as possible" (schedule_now). */
  at: string | null;
  /** Why the time asked for cannot be had, keyed like the body's fields; {} when it can. */
  errors: FieldErrors;
}

const time = (at: string | null): RequestedTime => ({ at, errors: {} });
const refused = (field: string, message: string): RequestedTime => ({ at: null, errors: { [field]: [message] } });

/**
 * The time a create or update asks for. `kept` is the time the post has before the command (null
 * for a new post): an update that schedules without a time takes it, as long as it is ahead.
 * A queue request has its slot picked by the post-service; none means no slot was free.
 */
export function requestedTime(intent: ScheduleIntent, kept: string | null, now: string): RequestedTime {
  switch (intent.kind) {
    case 'draft':
    case 'schedule_now':
      return time(null);
    case 'schedule':
      return time(intent.scheduledAt);
    case 'schedule_kept_time':
      if (kept === null) return refused('date', PostMessages.dateRequiredWhenScheduling);
      return Date.parse(kept) > Date.parse(now) ? time(kept) : refused('date', PostMessages.scheduledInPast);
    case 'queue':
      if (intent.slotAt !== undefined) return time(intent.slotAt);
      return refused('queue', intent.queue.slots.length === 0 ? QueueMessages.noSlots : QueueMessages.noFreeSlot);
  }
}

/** What PostCreated and PostUpdated keep of a draft's time: its `scheduledAt`, when the author gave one. */
export const draftTimeOf = (intent: ScheduleIntent): { scheduledAt?: string } =>
  intent.kind === 'draft' && intent.scheduledAt !== undefined ? { scheduledAt: intent.scheduledAt } : {};
