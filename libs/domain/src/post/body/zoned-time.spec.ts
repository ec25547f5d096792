import { isTimeZoneName, parseCalendarDate, parseInstantWithOffset, parseWallTime, zonedTimeToInstant } from './zoned-time';

describe('parseCalendarDate', () => {
  it.each([
    ['2026-11-22', { year: 2026, month: 11, day: 22 }],
    ['2028-02-29', { year: 2028, month: 2, day: 29 }],
  ])('reads %s', (text, expected) => expect(parseCalendarDate(text)).toEqual(expected));

  it.each(['2026-02-29', '2026-02-30', '2026-13-01', '2026-00-10', '2026-04-31', '2026-1-5', '22-11-2026', '2026/11/22', '2026-11-22T10:00', ''])(
    'refuses %p',
    (text) => expect(parseCalendarDate(text)).toBeNull(),
  );
});

describe('parseWallTime', () => {
  it.each([
    ['00:00', { hour: 0, minute: 0 }],
    ['09:30', { hour: 9, minute: 30 }],
    ['23:59', { hour: 23, minute: 59 }],
  ])('reads %s', (text, expected) => expect(parseWallTime(text)).toEqual(expected));

  it.each(['24:00', '9:30', '09:60', '09:30:00', '0930', 'noon', ''])('refuses %p', (text) => expect(parseWallTime(text)).toBeNull());
});

describe('parseInstantWithOffset', () => {
  it.each([
    ['2026-11-22T09:30:00Z', '2026-11-22T09:30:00.000Z'],
    ['2026-11-22T09:30Z', '2026-11-22T09:30:00.000Z'],
    ['2026-11-22T10:30:15.250+01:00', '2026-11-22T09:30:15.250Z'],
    ['2026-11-22T04:30:00-0500', '2026-11-22T09:30:00.000Z'],
  ])('reads %s as %s', (text, iso) => expect(parseInstantWithOffset(text)?.toISOString()).toBe(iso));

  it.each(['2026-11-22T09:30:00', '2026-11-22', '2026-02-30T09:30:00Z', '2026-11-22 09:30:00Z', 'tomorrow', '2026-11-22T25:00:00Z'])(
    'refuses %p',
    (text) => expect(parseInstantWithOffset(text)).toBeNull(),
  );
});

describe('isTimeZoneName', () => {
  it.each(['UTC', 'Europe/Paris', 'America/Argentina/Buenos_Aires', 'America/Port-au-Prince', 'Etc/GMT+5'])('accepts %s', (name) =>
    expect(isTimeZoneName(name)).toBe(true),
  );
  it.each(['Mars/Olympus', '+02:00', 'Europe/', '', 'utc offset'])('refuses %p', (name) => expect(isTimeZoneName(name)).toBe(false));
});

describe('zonedTimeToInstant', () => {
  const at = (date: string, time: string, zone: string) =>
    zonedTimeToInstant(parseCalendarDate(date)!, parseWallTime(time)!, zone).toISOString();

  it('reads the wall clock of the zone, with its offset of that day', () => {
    expect(at('2026-11-22', '09:30', 'UTC')).toBe('2026-11-22T09:30:00.000Z');
    expect(at('2026-01-15', '09:30', 'Europe/Paris')).toBe('2026-01-15T08:30:00.000Z');
    expect(at('2026-07-15', '09:30', 'Europe/Paris')).toBe('2026-07-15T07:30:00.000Z');
    expect(at('2026-07-15', '09:30', 'America/New_York')).toBe('2026-07-15T13:30:00.000Z');
    expect(at('2026-07-15', '09:30', 'Asia/Kolkata')).toBe('2026-07-15T04:00:00.000Z');
  });

  it('crosses the date line', () => {
    expect(at('2026-07-15', '01:00', 'Pacific/Auckland')).toBe('2026-07-14T13:00:00.000Z');
  });

  it('moves a time the clocks skip one hour later, and takes the second of a time they show twice', () => {
    expect(at('2026-03-29', '02:30', 'Europe/Paris')).toBe('2026-03-29T01:30:00.000Z');
    expect(at('2026-10-25', '02:30', 'Europe/Paris')).toBe('2026-10-25T01:30:00.000Z');
  });
});
