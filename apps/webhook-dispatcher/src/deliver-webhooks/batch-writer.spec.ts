import { BatchWriter } from './batch-writer';

describe('BatchWriter', () => {
  it('writes the items added together in one write, and those added during a write in the next', async () => {
    const writes: number[][] = [];
    let release: () => void = () => undefined;
    const writer = new BatchWriter<number>(async (items) => {
      writes.push(items);
      if (writes.length === 1) await new Promise<void>((resolve) => (release = resolve));
    }, 10);

    const first = [1, 2, 3].map((item) => writer.add(item));
    await new Promise((resolve) => setImmediate(resolve));
    const second = [4, 5].map((item) => writer.add(item));
    release();
    await Promise.all([...first, ...second]);

    expect(writes).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('splits a large batch, and fails only the callers whose write failed', async () => {
    const writer = new BatchWriter<number>(async (items) => {
      if (items.includes(3)) throw new Error('disk full');
    }, 2);

    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((item) => writer.add(item)));

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
  });
});
