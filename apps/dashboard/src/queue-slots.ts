import type { QueueSlot } from './api';

/* A posting schedule's weekly slots (`{day, time}`, as `GET /{ws}/queue` answers them) in the pages' words and order. */

/** The days of the schedule's week, Monday first, with their names. */
export const WEEK_DAYS: ReadonlyArray<{ day: QueueSlot['day']; name: string }> = [
  { day: 'mon', name: 'Monday' },
  { day: 'tue', name: 'Tuesday' },
  { day: 'wed', name: 'Wednesday' },
  { day: 'thu', name: 'Thursday' },
  { day: 'fri', name: 'Friday' },
  { day: 'sat', name: 'Saturday' },
  { day: 'sun', name: 'Sunday' },
];

const dayIndex = (day: QueueSlot['day']): number => WEEK_DAYS.findIndex((entry) => entry.day === day);

/** A slot as the pages write it: `Thursday 17:00`. */
export const slotName = (slot: QueueSlot): string => `${WEEK_DAYS[dayIndex(slot.day)]?.name ?? slot.day} ${slot.time}`;

/** Monday's slots first, each day's in the order of their times. */
export const byDayAndTime = (a: QueueSlot, b: QueueSlot): number => dayIndex(a.day) - dayIndex(b.day) || a.time.localeCompare(b.time);

/** Whether the slots hold this day and time already. */
export const holdsSlot = (slots: readonly QueueSlot[], slot: QueueSlot): boolean => slots.some((each) => each.day === slot.day && each.time === slot.time);
