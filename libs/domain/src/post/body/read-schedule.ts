import { FieldErrorBag, Fields, isAbsent } from '../../fields/field-errors';
import { FieldMessages } from '../../fields/field-messages';
import type { ScheduleIntent } from '../post-types';
import { PostMessages } from './post-body-messages';
import { CalendarDate, isTimeZoneName, parseCalendarDate, parseInstantWithOffset, parseWallTime, WallTime, zonedTimeToInstant } from './zoned-time';

/**
 * When the post goes out: `schedule_now`, or `schedule` at `scheduled_at` (ISO 8601 with offset)
 * or at `date` + `time` in `timezone` (IANA, default UTC); neither flag keeps a draft. Formats are
 * checked even for drafts.
 */
export function readSchedule(body: Fields, now: Date, errors: FieldErrorBag): ScheduleIntent {
  const schedule = booleanField(body, 'schedule', errors);
  const scheduleNow = booleanField(body, 'schedule_now', errors);
  const date = formatted(body, 'date', parseCalendarDate, PostMessages.dateFormat, errors);
  const time = formatted(body, 'time', parseWallTime, PostMessages.timeFormat, errors);
  const scheduledAt = formatted(body, 'scheduled_at', parseInstantWithOffset, PostMessages.scheduledAtFormat, errors);
  const timeZone = timeZoneOf(body.timezone, errors);

  if (scheduleNow) return { kind: 'schedule_now' };
  if (!schedule) return { kind: 'draft' };

  const at = scheduledAt.given ? scheduledAt.value : wallClockInstant(date, time, timeZone, errors);
  if (at && at.getTime() <= now.getTime()) errors.add('date', PostMessages.scheduledInPast);
  return { kind: 'schedule', scheduledAt: (at ?? now).toISOString() };
}

/** true/false, also as 1/0 and "1"/"0"/"true"/"false" the way form-minded clients send them; absent is false. */
function booleanField(body: Fields, field: string, errors: FieldErrorBag): boolean {
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
function formatted<T>(body: Fields, field: string, parse: (text: string) => T | null, message: string, errors: FieldErrorBag): Formatted<T> {
  const raw = body[field];
  if (isAbsent(raw) || raw === '') return { given: false, value: null };
  const value = typeof raw === 'string' ? parse(raw.trim()) : null;
  if (value === null) errors.add(field, message);
  return { given: true, value };
}

function timeZoneOf(value: unknown, errors: FieldErrorBag): string | null {
  if (isAbsent(value) || value === '') return 'UTC';
  if (typeof value === 'string' && isTimeZoneName(value.trim())) return value.trim();
  errors.add('timezone', typeof value === 'string' ? PostMessages.timezoneInvalid : FieldMessages.string('timezone'));
  return null;
}

/** date + time in the time zone; the missing part is reported, a malformed part already was. */
function wallClockInstant(
  date: Formatted<CalendarDate>,
  time: Formatted<WallTime>,
  timeZone: string | null,
  errors: FieldErrorBag,
): Date | null {
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
