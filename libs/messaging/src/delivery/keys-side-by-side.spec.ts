import { handleKeysSideBySide } from './keys-side-by-side';

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('handleKeysSideBySide', () => {
  it('keeps the order of each key and runs different keys side by side', async () => {
    const log: string[] = [];
    const items = [
      { key: 'a', n: 1, ms: 30 },
      { key: 'b', n: 1, ms: 5 },
      { key: 'a', n: 2, ms: 0 },
      { key: 'b', n: 2, ms: 0 },
    ];
    await handleKeysSideBySide(items, (item) => item.key, async (item) => {
      log.push(`start ${item.key}${item.n}`);
      await pause(item.ms);
      log.push(`end ${item.key}${item.n}`);
    });
    // b started before a1 ended (side by side); a2 after a1, b2 after b1 (in order).
    expect(log.indexOf('start b1')).toBeLessThan(log.indexOf('end a1'));
    expect(log.indexOf('start a2')).toBeGreaterThan(log.indexOf('end a1'));
    expect(log.indexOf('start b2')).toBeGreaterThan(log.indexOf('end b1'));
    expect(log.filter((entry) => entry.startsWith('end'))).toHaveLength(4);
  });

  it('rejects with the first failure once every key has settled, and stops the failing key there', async () => {
    const done: string[] = [];
    const failure = new Error('platform away');
    const outcome = handleKeysSideBySide(['a1', 'a2', 'b1', 'b2'], (item) => item[0], async (item) => {
      if (item === 'a1') throw failure;
      await pause(10);
      done.push(item);
    });
    await expect(outcome).rejects.toBe(failure);
    expect(done).toEqual(['b1', 'b2']);
  });
});

describe('handleKeysSideBySide with a bound', () => {
  it('runs at most that many keys at once', async () => {
    let running = 0;
    let most = 0;
    await handleKeysSideBySide(['a', 'b', 'c', 'd', 'e'], (item) => item, async () => {
      running++;
      most = Math.max(most, running);
      await pause(5);
      running--;
    }, 2);
    expect(most).toBe(2);
  });
});
