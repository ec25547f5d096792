import { CollectionSchedule } from './collection-schedule';

const PUBLISHED = new Date('2026-12-01T10:00:00.000Z');
const after = (minutes: number) => new Date(PUBLISHED.getTime() + minutes * 60_000);
const schedule = new CollectionSchedule([60, 1440, 10080]);

describe('CollectionSchedule', () => {
  it('reads each point when it comes, and says when the next one is due', () => {
    expect(schedule.readingAt(after(60), PUBLISHED, 0, null)).toEqual({ point: '60m', nextPoint: 1, nextDueAt: after(1440) });
    expect(schedule.readingAt(after(1441), PUBLISHED, 1, null)).toEqual({ point: '1440m', nextPoint: 2, nextDueAt: after(10080) });
    expect(schedule.readingAt(after(10080), PUBLISHED, 2, null)).toEqual({ point: '10080m', nextPoint: 3, nextDueAt: null });
  });

  it('passes the points that came while nothing read them: one reading, recorded as the latest', () => {
    expect(schedule.readingAt(after(2000), PUBLISHED, 0, null)).toEqual({ point: '1440m', nextPoint: 2, nextDueAt: after(10080) });
  });

  it('reads a refresh asked for between points as itself, leaving the schedule where it was', () => {
    expect(schedule.readingAt(after(5), PUBLISHED, 0, 'refresh:2026-12-01T10:05:00.000Z')).toEqual({ point: 'refresh:2026-12-01T10:05:00.000Z', nextPoint: 0, nextDueAt: after(60) });
    expect(schedule.readingAt(after(20000), PUBLISHED, 3, 'refresh:x')).toEqual({ point: 'refresh:x', nextPoint: 3, nextDueAt: null });
  });

  it('records a point due by the database clock a moment before this process sees it as due', () => {
    expect(schedule.readingAt(new Date(after(60).getTime() - 500), PUBLISHED, 0, null).point).toBe('60m');
    expect(schedule.readingAt(new Date(after(60).getTime() - 5_000), PUBLISHED, 0, null).point).toBe('60m');
  });

  it('with no schedule, reads only what is asked for', () => {
    expect(new CollectionSchedule([]).readingAt(after(60), PUBLISHED, 0, 'refresh:y')).toEqual({ point: 'refresh:y', nextPoint: 0, nextDueAt: null });
  });
});
