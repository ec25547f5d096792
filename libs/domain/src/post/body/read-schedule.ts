import { FieldErrorBag, Fields, isAbsent } from '../../fields/field-errors';
import { FieldMessages } from '../../fields/field-messages';
import { EMPTY_POSTING_QUEUE, PostingQueue, QueueMessages } from '../../queue/posting-queue';
import type { ScheduleIntent } from '../post-types';
import { PostMessages } from './post-body-messages';
import { CalendarDate, isTimeZoneName, parseCalendarDate, parseInstantWithOffset, parseWallTime, WallTime, zonedTimeToInstant } from './zoned-time';

type Errors = Pick<FieldErrorBag, 'add'>;

/** What reading a schedule needs to know beyond the body. */
export interface ScheduleContext {
  now: Date;
  /** The body updates a post: `schedule` without any time schedules it at the time the post has. */
  updating?: boolean;
  /** The workspace's posting queue, for `"queue": true` (absent: a queue without slots). */
  queue?: PostingQueue;
}

/**
 * When the post goes out: `queue` (the next free slot of the workspace's queue), `schedule_now`,
 * or `schedule` at `scheduled_at` (ISO 8601 with offset) or at `date` + `time` in `timezone` (IANA,
 * default UTC). Without a flag the post is a draft, which keeps the time it is given (any time,
 * past ones too). Formats are checked even for drafts.
 */
export function readSchedule(body: Fields, context: ScheduleContext, errors: Errors): ScheduleIntent {
  const schedule = booleanField(body, 'schedule', errors);
  const scheduleNow = booleanField(body, 'schedule_now', errors);
  const queue = booleanField(body, 'queue', errors);
  const date = formatted(body, 'date', parseCalendarDate, PostMessages.dateFormat, errors);
  const time = formatted(body, 'time', parseWallTime, PostMessages.timeFormat, errors);
  const scheduledAt = formatted(body, 'scheduled_at', parseInstantWithOffset, PostMessages.scheduledAtFormat, errors);
  const timeZone = readTimeZone(body.timezone, errors);
  const timeGiven = scheduledAt.given || date.given || time.given;

  if (queue) return queueIntent(context.queue, timeGiven || scheduleNow, errors);
  if (scheduleNow) return { kind: 'schedule_now' };
  if (!schedule) return draftIntent(scheduledAt.given ? scheduledAt.value : draftWallClockInstant(date, time, timeZone, errors));
  if (!timeGiven && context.updating) return { kind: 'schedule_kept_time' };

  const at = scheduledAt.given ? scheduledAt.value : wallClockInstant(date, time, timeZone, errors);
  if (at && at.getTime() <= context.now.getTime()) errors.add('date', PostMessages.scheduledInPast);
  return { kind: 'schedule', scheduledAt: (at ?? context.now).toISOString() };
}

/** Whether the body asks for the queue (`"queue": true`, or 1, "1", "true"). */
export const asksForQueue = (body: unknown): boolean =>
  typeof body === 'object' && body !== null && booleanField(body as Fields, 'queue', { add: () => undefined });

function queueIntent(queue: PostingQueue | undefined, combined: boolean, errors: Errors): ScheduleIntent {
  if (combined) errors.add('queue', QueueMessages.combined);
  if (!queue || queue.slots.length === 0) errors.add('queue', QueueMessages.noSlots);
  return { kind: 'queue', queue: queue ?? EMPTY_POSTING_QUEUE };
}

/** true/false, also as 1/0 and "1"/"0"/"true"/"false" the way form-minded clients send them; absent is false. */
function booleanField(body: Fields, field: string, errors: Errors): boolean {
  const value = body[field];
  if (isAbsent(value)) return false;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  errors.add(field, FieldMessages.boolean(field));
  return false;
}

interface Formatted<T> {
  given: boolean;
  value: T | null;
}

/** A text field in a fixed format: absent (null or "") is fine here, anything else must parse. */
function formatted<T>(body: Fields, field: string, parse: (text: string) => T | null, message: string, errors: Errors): Formatted<T> {
  const raw = body[field];
  if (isAbsent(raw) || raw === '') return { given: false, value: null };
  const value = typeof raw === 'string' ? parse(raw.trim()) : null;
  if (value === null) errors.add(field, message);
  return { given: true, value };
}

/** An IANA time zone name, UTC when absent; null (and the error) when it is not one. */
export function readTimeZone(value: unknown, errors: Errors): string | null {
  if (isAbsent(value) || value === '') return 'UTC';
  if (typeof value === 'string' && isTimeZoneName(value.trim())) return value.trim();
  errors.add('timezone', typeof value === 'string' ? PostMessages.timezoneInvalid : FieldMessages.string('timezone'));
  return null;
}

/** date + time in the time zone; the missing part is reported, a malformed part already was. */
function wallClockInstant(date: Formatted<CalendarDate>, time: Formatted<WallTime>, timeZone: string | null, errors: Errors): Date | null {
  if (!date.given) {
    errors.add('date', PostMessages.dateRequiredWhenScheduling);
    return null;
  }
  if (!time.given) {
    errors.add('time', PostMessages.timeRequiredWhenScheduling);
    return null;
  }
  if (!date.value || !time.value || !timeZone) return null;
  return zonedTimeToInstant(date.value, time.value, timeZone);
}

const draftIntent = (kept: Date | null): ScheduleIntent => (kept ? { kind: 'draft', scheduledAt: kept.toISOString() } : { kind: 'draft' });

/**
 * A draft's date + time, when it was given one: a well-formed date needs its time and the other
 * way round (a malformed part already was reported, and is enough).
 */
function draftWallClockInstant(date: Formatted<CalendarDate>, time: Formatted<WallTime>, timeZone: string | null, errors: Errors): Date | null {
  if (date.value && !time.given) errors.add('time', PostMessages.timeRequiredWithDate);
  if (time.value && !date.given) errors.add('date', PostMessages.dateRequiredWithTime);
  if (!date.value || !time.value || !timeZone) return null;
  return zonedTimeToInstant(date.value, time.value, timeZone);
}
