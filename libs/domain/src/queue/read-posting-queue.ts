import { FieldErrorBag, FieldErrors, Fields, isAbsent, isFields } from '../fields/field-errors';
import { FieldMessages } from '../fields/field-messages';
import { PostMessages } from '../post/body/post-body-messages';
import { readItems } from '../post/body/read-versions';
import { readTimeZone } from '../post/body/read-schedule';
import { parseWallTime } from '../post/body/zoned-time';
import { PostingQueue, PostingQueueLimits, QueueMessages, QueueSlot, Weekday, WEEKDAYS, weekdayIndex } from './posting-queue';

export type PostingQueueResult = { ok: true; queue: PostingQueue } | { ok: false; errors: FieldErrors };

type Errors = Pick<FieldErrorBag, 'add'>;

/**
 * Checks the body of `PUT /{ws}/queue` (`{timezone, slots: [{day, time}]}`) and turns it into the
 * queue to keep, every failing field at once. `timezone` defaults to UTC; `slots` is required
 * (an empty list empties the queue). A day and time given twice is kept once; the slots are kept
 * in week order, Monday first, then by time.
 */
export function readPostingQueue(body: unknown): PostingQueueResult {
  const fields: Fields = isFields(body) ? body : {};
  const errors = new FieldErrorBag();
  const timezone = readTimeZone(fields.timezone, errors);
  const slots = readSlots(fields.slots, errors);
  if (!errors.isEmpty || timezone === null) return { ok: false, errors: errors.toJSON() };
  return { ok: true, queue: { timezone, slots } };
}

function readSlots(value: unknown, errors: Errors): QueueSlot[] {
  if (isAbsent(value)) {
    errors.add('slots', FieldMessages.required('slots'));
    return [];
  }
  if (!Array.isArray(value)) {
    errors.add('slots', FieldMessages.array('slots'));
    return [];
  }
  if (value.length > PostingQueueLimits.slots) errors.add('slots', FieldMessages.maxItems('slots', PostingQueueLimits.slots));
  const read = readItems(value, 'slots', PostingQueueLimits.slots, errors, readSlot);
  const unique = new Map<string, QueueSlot>();
  for (const slot of read) if (slot) unique.set(`${slot.day} ${slot.time}`, slot);
  return [...unique.values()].sort((a, b) => weekdayIndex(a.day) - weekdayIndex(b.day) || a.time.localeCompare(b.time));
}

function readSlot(value: unknown, path: string, errors: Errors): QueueSlot | null {
  if (!isFields(value)) {
    errors.add(path, FieldMessages.object(path));
    return null;
  }
  const day = readDay(value.day, `${path}.day`, errors);
  const time = readTime(value.time, `${path}.time`, errors);
  return day && time ? { day, time } : null;
}

function readDay(value: unknown, path: string, errors: Errors): Weekday | null {
  if (isAbsent(value) || value === '') {
    errors.add(path, FieldMessages.required(path));
    return null;
  }
  const day = typeof value === 'string' ? value.trim().toLowerCase() : null;
  if (WEEKDAYS.includes(day as Weekday)) return day as Weekday;
  errors.add(path, QueueMessages.dayInvalid);
  return null;
}

function readTime(value: unknown, path: string, errors: Errors): string | null {
  if (isAbsent(value) || value === '') {
    errors.add(path, FieldMessages.required(path));
    return null;
  }
  const time = typeof value === 'string' ? parseWallTime(value.trim()) : null;
  if (time) return `${String(time.hour).padStart(2, '0')}:${String(time.minute).padStart(2, '0')}`;
  errors.add(path, PostMessages.timeFormat);
  return null;
}
