import { BatchWriter } from './batch-writer';

describe('BatchWriter', () => {
  it('writes the items added together in one write, and those added during a write in the next', async () => {
    const writes: number[][] = [];
    let started: () => void = () => undefined;
    const firstStarted = new Promise<void>((resolve) => (started = resolve));
    let release: () => void = () => undefined;
    const writer = new BatchWriter<number>(
      async (items) => {
        writes.push(items);
        if (writes.length > 1) return;
        started();
        await new Promise<void>((resolve) => (release = resolve));
      },
      { maxBatch: 10, gatherMs: 1 },
    );

    const first = [1, 2, 3].map((item) => writer.add(item));
    await firstStarted;
    const second = [4, 5].map((item) => writer.add(item));
    release();
    await Promise.all([...first, ...second]);

    expect(writes).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
  });

  it('gathers the items added shortly after the first into its write', async () => {
    const writes: number[][] = [];
    const writer = new BatchWriter<number>(async (items) => void writes.push(items), { maxBatch: 10, gatherMs: 20 });

    const first = writer.add(1);
    await new Promise((resolve) => setTimeout(resolve, 5));
    await Promise.all([first, writer.add(2)]);

    expect(writes).toEqual([[1, 2]]);
  });

  it('splits a large batch, and fails only the callers whose write failed', async () => {
    const writer = new BatchWriter<number>(
      async (items) => {
        if (items.includes(3)) throw new Error('disk full');
      },
      { maxBatch: 2, gatherMs: 0 },
    );

    const results = await Promise.allSettled([1, 2, 3, 4, 5].map((item) => writer.add(item)));

    expect(results.map((result) => result.status)).toEqual(['fulfilled', 'fulfilled', 'rejected', 'rejected', 'fulfilled']);
  });
});
