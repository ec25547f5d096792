import { givesUp, retryDelayMs } from './retry-policy';

describe('retryDelayMs', () => {
  it('doubles the first wait for each retry and holds it at the cap', () => {
    const policy = { firstDelayMs: 200, maxDelayMs: 1_000 };
    expect([1, 2, 3, 4, 60].map((retry) => retryDelayMs(policy, retry))).toEqual([200, 400, 800, 1_000, 1_000]);
  });

  it('without a cap, stops doubling after 2^30 instead of reaching Infinity', () => {
    expect(retryDelayMs({ firstDelayMs: 1 }, 31)).toBe(2 ** 30);
    expect(retryDelayMs({ firstDelayMs: 1 }, 5_000)).toBe(2 ** 30);
  });

  it('moves each wait by at most the jitter either way, with the random source given', () => {
    const policy = { firstDelayMs: 10_000, jitter: 0.1 };
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(policy, retry, { random: () => 0.5 }))).toEqual([10_000, 20_000, 40_000, 80_000]);
    expect(retryDelayMs(policy, 1, { random: () => 0 })).toBe(9_000);
    expect(retryDelayMs(policy, 1, { random: () => 0.999999 })).toBe(11_000);
    expect(retryDelayMs(policy, 3, { random: () => 0 })).toBe(36_000);
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelayMs({ firstDelayMs: 200, jitter: 0.1 }, 2);
      expect(delay).toBeGreaterThanOrEqual(360);
      expect(delay).toBeLessThanOrEqual(440);
    }
  });

  it('takes the wait the other side asked for in place of the doubled one, within zero and the cap', () => {
    const policy = { firstDelayMs: 100, maxDelayMs: 10_000 };
    expect(retryDelayMs(policy, 3, { askedMs: 2_500 })).toBe(2_500);
    expect(retryDelayMs(policy, 1, { askedMs: 3_600_000 })).toBe(10_000);
    expect(retryDelayMs(policy, 1, { askedMs: -5 })).toBe(0);
  });
});

describe('givesUp', () => {
  it('allows maxRetries retries, then gives up', () => {
    const policy = { maxRetries: 3 };
    expect([1, 2, 3, 4].map((retry) => givesUp(policy, { retry }))).toEqual([false, false, false, true]);
    expect(givesUp({ maxRetries: 0 }, { retry: 1 })).toBe(true);
  });

  it('gives up once the failures have lasted giveUpAfterMs', () => {
    const policy = { giveUpAfterMs: 1_000 };
    expect(givesUp(policy, { retry: 50, failingForMs: 999 })).toBe(false);
    expect(givesUp(policy, { retry: 2, failingForMs: 1_000 })).toBe(true);
  });

  it('with both bounds, gives up at whichever comes first', () => {
    const policy = { maxRetries: 5, giveUpAfterMs: 1_000 };
    expect(givesUp(policy, { retry: 6, failingForMs: 10 })).toBe(true);
    expect(givesUp(policy, { retry: 2, failingForMs: 5_000 })).toBe(true);
    expect(givesUp(policy, { retry: 5, failingForMs: 999 })).toBe(false);
  });

  it('without bounds never gives up', () => {
    expect(givesUp({}, { retry: 1_000_000, failingForMs: Number.MAX_SAFE_INTEGER })).toBe(false);
  });
});
