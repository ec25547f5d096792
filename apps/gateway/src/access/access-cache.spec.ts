import { ACCESS_CACHE_TTL_MS, AccessCache } from './access-cache';

describe('AccessCache', () => {
  let now: number;
  let cache: AccessCache;
  let loads: number;
  const load = (value: string) => async () => {
    loads += 1;
    return value;
  };

  beforeEach(() => {
    now = 1_000_000;
    loads = 0;
    cache = new AccessCache(() => now);
  });

  it('answers again from memory within the TTL, and asks again after it', async () => {
    expect(await cache.get('t', load('a'))).toBe('a');
    now += ACCESS_CACHE_TTL_MS - 1;
    expect(await cache.get('t', load('b'))).toBe('a');
    now += 1;
    expect(await cache.get('t', load('c'))).toBe('c');
    expect(loads).toBe(2);
  });

  it('stops using an answer when what it describes expires, even within the TTL', async () => {
    await cache.get('t', load('token'), () => now + 100);
    now += 99;
    expect(await cache.get('t', load('again'))).toBe('token');
    now += 1;
    expect(await cache.get('t', load('gone'))).toBe('gone');
  });

  it('forgets everything at a write, and does not keep an answer loaded before the write', async () => {
    await cache.get('t', load('before'));
    cache.clear();
    expect(await cache.get('t', load('after'))).toBe('after');

    let finish!: (value: string) => void;
    const slow = cache.get('u', () => new Promise<string>((resolve) => (finish = resolve)));
    cache.clear();
    finish('stale');
    expect(await slow).toBe('stale');
    expect(await cache.get('u', load('fresh'))).toBe('fresh');
  });
});
