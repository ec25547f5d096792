import { describe, expect, it } from '@jest/globals';
import { byDayAndTime, holdsSlot, slotName } from './queue-slots';

describe('a posting schedule’s slots in words', () => {
  it('names a slot by its day and time, and orders slots from Monday, each day by its times', () => {
    expect(slotName({ day: 'thu', time: '17:00' })).toBe('Thursday 17:00');
    const slots = [
      { day: 'sun', time: '08:00' },
      { day: 'mon', time: '17:30' },
      { day: 'mon', time: '09:00' },
    ] as const;
    expect([...slots].sort(byDayAndTime).map(slotName)).toEqual(['Monday 09:00', 'Monday 17:30', 'Sunday 08:00']);
  });

  it('finds a slot already held by its day and time', () => {
    const slots = [{ day: 'mon', time: '09:00' }] as const;
    expect(holdsSlot(slots, { day: 'mon', time: '09:00' })).toBe(true);
    expect(holdsSlot(slots, { day: 'tue', time: '09:00' })).toBe(false);
    expect(holdsSlot(slots, { day: 'mon', time: '10:00' })).toBe(false);
  });
});
