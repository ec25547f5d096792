/** Dates in a chosen IANA time zone, with Intl only. A calendar day is a `YYYY-MM-DD` string. */

export interface ZonedParts {
  date: string;
  time: string;
  hour: number;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat('en-CA', {
      timeZone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      hourCycle: 'h23',
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
}

export function zonedParts(at: Date, timeZone: string): ZonedParts {
  const parts = Object.fromEntries(formatterFor(timeZone).formatToParts(at).map((part) => [part.type, part.value]));
  return { date: `${parts.year}-${parts.month}-${parts.day}`, time: `${parts.hour}:${parts.minute}`, hour: Number(parts.hour) };
}

/** `2026-11-24 10:30` in the zone, or an em dash. */
export function formatInZone(iso: string | null, timeZone: string): string {
  if (!iso) return '—';
  const { date, time } = zonedParts(new Date(iso), timeZone);
  return `${date} ${time}`;
}

export function isValidTimeZone(name: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone: name });
    return true;
  } catch {
    return false;
  }
}

export const browserTimeZone = (): string => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export function timeZones(): string[] {
  const supported = (Intl as unknown as { supportedValuesOf?: (key: string) => string[] }).supportedValuesOf?.('timeZone') ?? [];
  return supported.includes('UTC') ? supported : ['UTC', ...supported];
}

/* Calendar days, as UTC midnights so that no zone shifts them. */

const toDay = (date: Date): string => date.toISOString().slice(0, 10);
const fromDay = (day: string): Date => new Date(`${day}T00:00:00Z`);

export function addDays(day: string, count: number): string {
  const date = fromDay(day);
  date.setUTCDate(date.getUTCDate() + count);
  return toDay(date);
}

export function addMonths(day: string, count: number): string {
  const date = fromDay(`${day.slice(0, 7)}-01`);
  date.setUTCMonth(date.getUTCMonth() + count);
  return toDay(date);
}

/** Monday of the week of the day. */
export function weekStart(day: string): string {
  const weekday = (fromDay(day).getUTCDay() + 6) % 7;
  return addDays(day, -weekday);
}

/** The 6 weeks (Monday first) that show the month of the day. */
export function monthGrid(day: string): string[][] {
  const first = weekStart(`${day.slice(0, 7)}-01`);
  return Array.from({ length: 6 }, (_, week) => Array.from({ length: 7 }, (_, weekday) => addDays(first, week * 7 + weekday)));
}

/** Every day of the month of the day, in order. */
export function monthDays(day: string): string[] {
  const month = day.slice(0, 7);
  return monthGrid(day)
    .flat()
    .filter((date) => date.startsWith(month));
}

export function monthTitle(day: string): string {
  return fromDay(day).toLocaleDateString('en', { month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export function dayTitle(day: string): string {
  return fromDay(day).toLocaleDateString('en', { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' });
}

export const WEEKDAYS = ['Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat', 'Sun'];
