import { isoTimestamp } from './sql-dialect';

describe('isoTimestamp', () => {
  it('keeps text already written as Date.toISOString() writes it', () => {
    const text = '2026-11-29T04:30:00.123Z';
    expect(isoTimestamp(text)).toBe(text);
  });

  it('writes a Date, and text with another offset or precision, as UTC with milliseconds', () => {
    expect(isoTimestamp(new Date(Date.UTC(2026, 10, 29, 4, 30)))).toBe('2026-11-29T04:30:00.000Z');
    expect(isoTimestamp('2026-11-29T05:30:00+01:00')).toBe('2026-11-29T04:30:00.000Z');
    expect(isoTimestamp('2026-11-29T04:30:00Z')).toBe('2026-11-29T04:30:00.000Z');
    expect(isoTimestamp('2026-11-29 04:30:00.000Z')).toBe('2026-11-29T04:30:00.000Z');
  });
});
