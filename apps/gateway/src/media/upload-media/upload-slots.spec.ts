import { UploadSlots } from './upload-slots';

describe('UploadSlots', () => {
  it('gives out at most its number of slots, and a released one again', () => {
    const slots = new UploadSlots(2);
    expect([slots.tryTake(), slots.tryTake(), slots.tryTake()]).toEqual([true, true, false]);
    slots.release();
    expect(slots.inUse).toBe(1);
    expect(slots.tryTake()).toBe(true);
  });

  it('never counts below zero when released more often than taken', () => {
    const slots = new UploadSlots(1);
    slots.release();
    expect(slots.inUse).toBe(0);
    expect([slots.tryTake(), slots.tryTake()]).toEqual([true, false]);
  });
});
