import { PostingQueue } from './posting-queue';
import { slotInstant, slotInstantsBetween } from './slot-instants';

const at = (date: string, time: string, zone: string) => {
  const [year, month, day] = date.split('-').map(Number);
  const [hour, minute] = time.split(':').map(Number);
  return new Date(slotInstant({ year, month, day }, { hour, minute }, zone)).toISOString();
};
const instants = (queue: PostingQueue, after: string, until: string) =>
  [...slotInstantsBetween(queue, new Date(after), new Date(until))].map((instant) => instant.toISOString());

describe('slotInstant', () => {
  it('given an ordinary day, then the wall time of the zone with its offset of that day', () => {
    expect(at('2026-01-12', '09:30', 'Europe/Paris')).toBe('2026-01-12T08:30:00.000Z');
    expect(at('2026-07-13', '09:30', 'Europe/Paris')).toBe('2026-07-13T07:30:00.000Z');
    expect(at('2026-07-13', '09:30', 'Asia/Kolkata')).toBe('2026-07-13T04:00:00.000Z');
    expect(at('2026-07-13', '01:00', 'Pacific/Auckland')).toBe('2026-07-12T13:00:00.000Z');
  });

  it('given a wall time the clocks skip (DST gap), then the first instant after it: the moment the clocks jump to', () => {
    // Paris, 29 March 2026: 02:00 becomes 03:00 (01:00Z).
    expect(at('2026-03-29', '02:30', 'Europe/Paris')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', '02:00', 'Europe/Paris')).toBe('2026-03-29T01:00:00.000Z');
    expect(at('2026-03-29', '03:00', 'Europe/Paris')).toBe('2026-03-29T01:00:00.000Z');
    // New York, 8 March 2026: 02:00 becomes 03:00 (07:00Z).
    expect(at('2026-03-08', '02:45', 'America/New_York')).toBe('2026-03-08T07:00:00.000Z');
    // Lord Howe moves by half an hour: 02:00 (UTC+10:30) becomes 02:30 on 4 October 2026, at 15:30Z the day before.
    expect(at('2026-10-04', '02:15', 'Australia/Lord_Howe')).toBe('2026-10-03T15:30:00.000Z');
  });

  it('given a wall time the clocks show twice (DST overlap), then the first of the two', () => {
    // Paris, 25 October 2026: 03:00 becomes 02:00 again (at 01:00Z); 02:30 is first at 00:30Z.
    expect(at('2026-10-25', '02:30', 'Europe/Paris')).toBe('2026-10-25T00:30:00.000Z');
    expect(at('2026-10-25', '02:00', 'Europe/Paris')).toBe('2026-10-25T00:00:00.000Z');
    expect(at('2026-10-25', '03:00', 'Europe/Paris')).toBe('2026-10-25T02:00:00.000Z');
    // New York, 1 November 2026: 01:30 is first at 05:30Z (EDT), again at 06:30Z (EST).
    expect(at('2026-11-01', '01:30', 'America/New_York')).toBe('2026-11-01T05:30:00.000Z');
  });
});

describe('slotInstantsBetween', () => {
  const paris: PostingQueue = {
    timezone: 'Europe/Paris',
    slots: [
      { day: 'mon', time: '09:00' },
      { day: 'wed', time: '18:30' },
      { day: 'wed', time: '08:00' },
    ],
  };

  it('given a queue, then the slots after the moment, earliest first, week after week', () => {
    // Wednesday 14 January 2026, 10:00 in Paris: the 08:00 slot of that day has passed.
    expect(instants(paris, '2026-01-14T09:00:00Z', '2026-01-22T00:00:00Z')).toEqual([
      '2026-01-14T17:30:00.000Z',
      '2026-01-19T08:00:00.000Z',
      '2026-01-21T07:00:00.000Z',
      '2026-01-21T17:30:00.000Z',
    ]);
  });

  it('given a slot at the very moment, then it is not after it', () => {
    expect(instants(paris, '2026-01-19T08:00:00Z', '2026-01-20T00:00:00Z')).toEqual([]);
  });

  it('given the moment late on a local day that is already the next day in UTC, then the local day counts', () => {
    const auckland: PostingQueue = { timezone: 'Pacific/Auckland', slots: [{ day: 'tue', time: '11:00' }] };
    // Monday 12 January 2026, 23:00 UTC is Tuesday 13 January, 12:00 in Auckland (UTC+13): the next Tuesday.
    expect(instants(auckland, '2026-01-12T23:00:00Z', '2026-01-21T00:00:00Z')).toEqual(['2026-01-19T22:00:00.000Z']);
  });

  it('given two slots a clock change puts at the same instant, then that instant once', () => {
    const gap: PostingQueue = {
      timezone: 'Europe/Paris',
      slots: [
        { day: 'sun', time: '02:15' },
        { day: 'sun', time: '02:45' },
        { day: 'sun', time: '03:00' },
        { day: 'sun', time: '03:30' },
      ],
    };
    expect(instants(gap, '2026-03-28T00:00:00Z', '2026-03-30T00:00:00Z')).toEqual(['2026-03-29T01:00:00.000Z', '2026-03-29T01:30:00.000Z']);
  });

  it('given no slots, then nothing', () => {
    expect(instants({ timezone: 'UTC', slots: [] }, '2026-01-01T00:00:00Z', '2027-01-01T00:00:00Z')).toEqual([]);
  });
});
