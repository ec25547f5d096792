import { CalendarDate, offsetAt, parseWallTime, WallTime, wallClockAt } from '../post/body/zoned-time';
import { PostingQueue, weekdayIndex } from './posting-queue';

const SECOND = 1000;
const DAY = 86_400_000;

/**
 * The instant of a slot on `date`: when the clocks of `timeZone` show `time` that day. A time the
 * clocks skip (the hour lost when they go forward) is the first instant after it, the moment they
 * jump to; a time they show twice (going back) is the first of the two.
 */
export function slotInstant(date: CalendarDate, time: WallTime, timeZone: string): number {
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  const offsetBefore = offsetAt(timeZone, wall - DAY);
  const offsetAfter = offsetAt(timeZone, wall + DAY);
  const showing = [wall - offsetBefore, wall - offsetAfter].filter((instant) => instant + offsetAt(timeZone, instant) === wall);
  if (showing.length > 0) return Math.min(...showing);
  return firstInstantShowingLater(timeZone, wall, wall - offsetAfter, wall - offsetBefore);
}

/**
 * In a gap: the first instant, between `from` (whose clocks show less than `wall`) and `to` (more),
 * at which the clocks show more than `wall`; to the second.
 */
function firstInstantShowingLater(timeZone: string, wall: number, from: number, to: number): number {
  let low = Math.floor(from / SECOND);
  let high = Math.ceil(to / SECOND);
  while (high - low > 1) {
    const middle = Math.floor((low + high) / 2);
    if (middle * SECOND + offsetAt(timeZone, middle * SECOND) > wall) high = middle;
    else low = middle;
  }
  return high * SECOND;
}

/**
 * The instants of the queue's slots after `after` and up to `until`, earliest first, each once (two
 * slots a clock change puts at the same instant are one).
 */
export function* slotInstantsBetween(queue: PostingQueue, after: Date, until: Date): Generator<Date> {
  if (queue.slots.length === 0) return;
  const timesByWeekday = new Map<number, WallTime[]>();
  for (const slot of queue.slots) {
    const time = parseWallTime(slot.time);
    if (time) timesByWeekday.set(weekdayIndex(slot.day), [...(timesByWeekday.get(weekdayIndex(slot.day)) ?? []), time]);
  }
  const start = wallClockAt(queue.timezone, after.getTime());
  let last = after.getTime();
  // From the day before the local date of `after`: a slot's instant never comes before its day's start by more than that.
  for (let day = Date.UTC(start.year, start.month - 1, start.day) - DAY; day - 2 * DAY <= until.getTime(); day += DAY) {
    const calendar = new Date(day);
    const date = { year: calendar.getUTCFullYear(), month: calendar.getUTCMonth() + 1, day: calendar.getUTCDate() };
    const times = timesByWeekday.get((calendar.getUTCDay() + 6) % 7) ?? [];
    const instants = times.map((time) => slotInstant(date, time, queue.timezone)).sort((a, b) => a - b);
    for (const instant of instants) {
      if (instant <= last || instant > until.getTime()) continue;
      last = instant;
      yield new Date(instant);
    }
  }
}
