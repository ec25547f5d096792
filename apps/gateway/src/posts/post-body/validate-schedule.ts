import type { ScheduleIntent } from '@app/domain';
import { FieldMessages } from '../../http/validation';
import { booleanField, FieldErrorBag, Fields, isAbsent } from './field-errors';
import { PostMessages } from './post-validation-messages';
import { CalendarDate, isTimeZoneName, parseCalendarDate, parseInstantWithOffset, parseWallTime, WallTime, zonedTimeToInstant } from './zoned-time';

/**
 * When the post goes out: `schedule_now`, or `schedule` at `scheduled_at` (ISO 8601 with offset)
 * or at `date` + `time` in `timezone` (IANA, default UTC); neither flag keeps a draft. Formats are
 * checked even for drafts; `hasAccounts` says whether the body names any account.
 */
export function validateSchedule(body: Fields, hasAccounts: boolean, now: Date, errors: FieldErrorBag): ScheduleIntent {
  const schedule = booleanField(body, 'schedule', errors);
  const scheduleNow = booleanField(body, 'schedule_now', errors);
  const date = formatted(body, 'date', parseCalendarDate, PostMessages.dateFormat, errors);
  const time = formatted(body, 'time', parseWallTime, PostMessages.timeFormat, errors);
  const scheduledAt = formatted(body, 'scheduled_at', parseInstantWithOffset, PostMessages.scheduledAtFormat, errors);
  const timeZone = timeZoneOf(body.timezone, errors);

  if ((schedule || scheduleNow) && !hasAccounts) errors.add('accounts', PostMessages.accountsRequiredWhenScheduling);
  if (scheduleNow) return { kind: 'schedule_now' };
  if (!schedule) return { kind: 'draft' };

  const at = scheduledAt.given ? scheduledAt.value : wallClockInstant(date, time, timeZone, errors);
  if (at && at.getTime() <= now.getTime()) errors.add('date', PostMessages.scheduledInPast);
  return { kind: 'schedule', scheduledAt: (at ?? now).toISOString() };
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
