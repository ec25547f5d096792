import { wakeUpDelay } from './wake-up-delay';

const now = new Date('2026-11-22T10:00:00.000Z');
const inMs = (ms: number) => new Date(now.getTime() + ms);
const base = { now, scanIntervalMs: 30_000, failures: 0, retryDelayMs: 1_000 };

describe('wakeUpDelay', () => {
  it('wakes exactly when a timer within the scan interval is due', () => {
    expect(wakeUpDelay({ ...base, nextDueAt: inMs(1_234) })).toBe(1_234);
  });

  it('wakes at once for an overdue timer', () => {
    expect(wakeUpDelay({ ...base, nextDueAt: inMs(-60_000) })).toBe(0);
  });

  it('looks again after one scan interval when the next timer is later or there is none', () => {
    expect(wakeUpDelay({ ...base, nextDueAt: inMs(3_600_000) })).toBe(30_000);
    expect(wakeUpDelay({ ...base, nextDueAt: null })).toBe(30_000);
  });

  it('backs off, doubling up to the scan interval, after rounds that failed', () => {
    const overdue = inMs(-5);
    expect(wakeUpDelay({ ...base, nextDueAt: overdue, failures: 1 })).toBe(1_000);
    expect(wakeUpDelay({ ...base, nextDueAt: overdue, failures: 3 })).toBe(4_000);
    expect(wakeUpDelay({ ...base, nextDueAt: overdue, failures: 10 })).toBe(30_000);
  });
});
