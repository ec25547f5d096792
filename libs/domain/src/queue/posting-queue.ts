import { FieldMessages } from '../fields/field-messages';

/** A workspace's posting schedule: weekly time slots in one time zone, which `"queue": true` posts fill. */

export const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;

export type Weekday = (typeof WEEKDAYS)[number];

export interface QueueSlot {
  day: Weekday;
  /** `H:i` (24-hour, two digits each), a wall time in the queue's time zone. */
  time: string;
}

export interface PostingQueue {
  /** IANA name. */
  timezone: string;
  /** In week order (Monday first), then by time; each day and time once. */
  slots: QueueSlot[];
}

/** What a workspace that never set its queue has. */
export const EMPTY_POSTING_QUEUE: PostingQueue = { timezone: 'UTC', slots: [] };

export const PostingQueueLimits = {
  slots: 100,
  /** How far ahead a `"queue": true` post looks for a free slot. */
  searchDays: 366,
} as const;

/** The 422 messages about the queue, each written once. */
export const QueueMessages = {
  dayInvalid: FieldMessages.selectedInvalidAmong('day', WEEKDAYS),
  noSlots: 'The queue has no time slots.',
  noFreeSlot: `The queue has no free time slot in the next ${PostingQueueLimits.searchDays} days.`,
  combined: 'The queue field cannot be combined with date, time, scheduled_at or schedule_now.',
} as const;

/** Monday 0 .. Sunday 6, as WEEKDAYS orders them. */
export const weekdayIndex = (day: Weekday): number => WEEKDAYS.indexOf(day);
