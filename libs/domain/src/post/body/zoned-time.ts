/**
 * Calendar checks and wall-clock-to-instant conversion in IANA time zones, with the platform's
 * Intl data only.
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
const ISO_WITH_OFFSET = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)$/i;
const IANA_NAME = /^[A-Za-z][A-Za-z0-9_+-]*(\/[A-Za-z0-9_+-]+)*$/;

export interface CalendarDate {
  year: number;
  month: number;
  day: number;
}
export interface WallTime {
  hour: number;
  minute: number;
}

const daysInMonth = (year: number, month: number) => new Date(Date.UTC(year, month, 0)).getUTCDate();

/** `Y-m-d` that names a real day (no 2026-02-30), else null. */
export function parseCalendarDate(text: string): CalendarDate | null {
  const match = DATE.exec(text);
  if (!match) return null;
  const [year, month, day] = match.slice(1).map(Number);
  if (year < 1 || month < 1 || month > 12 || day < 1 || day > daysInMonth(year, month)) return null;
  return { year, month, day };
}

/** `H:i`, 24-hour with two digits each, else null. */
export function parseWallTime(text: string): WallTime | null {
  const match = TIME.exec(text);
  return match ? { hour: Number(match[1]), minute: Number(match[2]) } : null;
}

/** ISO 8601 date-time with `Z` or a numeric offset, on a real calendar day; else null. */
export function parseInstantWithOffset(text: string): Date | null {
  const match = ISO_WITH_OFFSET.exec(text);
  if (!match || !parseCalendarDate(`${match[1]}-${match[2]}-${match[3]}`)) return null;
  const instant = new Date(text);
  return Number.isNaN(instant.getTime()) ? null : instant;
}

/** An IANA time zone name the platform knows ("UTC", "Europe/Paris"); offsets like "+02:00" are not names. */
export function isTimeZoneName(name: string): boolean {
  if (!IANA_NAME.test(name)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

const formatters = new Map<string, Intl.DateTimeFormat>();

/** One formatter per time zone: making one costs far more than formatting with it. */
function formatterOf(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

/** What the clocks of `timeZone` show at `instant` (epoch milliseconds), to the second. */
export function wallClockAt(timeZone: string, instant: number): CalendarDate & WallTime & { second: number } {
  const parts = formatterOf(timeZone).formatToParts(new Date(instant));
  const part = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  return { year: part('year'), month: part('month'), day: part('day'), hour: part('hour'), minute: part('minute'), second: part('second') };
}

/** Offset of `timeZone` from UTC at `instant`, in milliseconds (positive east of Greenwich). */
export function offsetAt(timeZone: string, instant: number): number {
  const wall = wallClockAt(timeZone, instant);
  const asUtc = Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * The instant at which clocks in `timeZone` show the date and time. Around a daylight saving change
 * a time the clocks skip lands one hour later, and a time they show twice is the second of the two.
 */
export function zonedTimeToInstant(date: CalendarDate, time: WallTime, timeZone: string): Date {
  const wall = Date.UTC(date.year, date.month - 1, date.day, time.hour, time.minute);
  const firstGuess = wall - offsetAt(timeZone, wall);
  const secondOffset = offsetAt(timeZone, firstGuess);
  return new Date(wall - secondOffset);
}
