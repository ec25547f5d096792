import { UploadSlots } from './upload-slots';

describe('UploadSlots', () => {
  it('gives out at most its number of slots across users, and a released one again', () => {
    const slots = new UploadSlots(4);
    expect([slots.tryTake(1), slots.tryTake(1), slots.tryTake(2), slots.tryTake(2), slots.tryTake(3)]).toEqual([true, true, true, true, false]);
    slots.release(2);
    expect(slots.inUse).toBe(3);
    expect(slots.tryTake(3)).toBe(true);
  });

  it('lets one user hold half of the slots, while another user still gets one', () => {
    const slots = new UploadSlots(4);
    expect([slots.tryTake(1), slots.tryTake(1), slots.tryTake(1)]).toEqual([true, true, false]);
    expect(slots.tryTake(2)).toBe(true);
    slots.release(1);
    expect(slots.tryTake(1)).toBe(true);
  });

  it('gives a user at least one slot, and rounds an odd half down', () => {
    expect(new UploadSlots(1).maxPerUser).toBe(1);
    expect(new UploadSlots(5).maxPerUser).toBe(2);
    const single = new UploadSlots(1);
    expect([single.tryTake(1), single.tryTake(2)]).toEqual([true, false]);
  });

  it('never counts below zero when a user releases more often than it took', () => {
    const slots = new UploadSlots(2);
    slots.release(1);
    expect(slots.inUse).toBe(0);
    expect([slots.tryTake(1), slots.tryTake(2), slots.tryTake(3)]).toEqual([true, true, false]);
  });
});
