import { outcomeOfAttempt, retryDelayMs } from './retry-policy';

describe('retryDelayMs', () => {
  it('doubles from the base for each retry', () => {
    const middle = () => 0.5;
    expect([1, 2, 3, 4].map((retry) => retryDelayMs(10_000, retry, middle))).toEqual([10_000, 20_000, 40_000, 80_000]);
  });

  it('moves the delay by at most 10% either way', () => {
    expect(retryDelayMs(10_000, 1, () => 0)).toBe(9_000);
    expect(retryDelayMs(10_000, 1, () => 0.999999)).toBe(11_000);
    expect(retryDelayMs(10_000, 3, () => 0)).toBe(36_000);
    for (let i = 0; i < 200; i += 1) {
      const delay = retryDelayMs(200, 2);
      expect(delay).toBeGreaterThanOrEqual(360);
      expect(delay).toBeLessThanOrEqual(440);
    }
  });
});

describe('outcomeOfAttempt', () => {
  const policy = { maxRetries: 3, backoffBaseMs: 1000 };
  const middle = () => 0.5;

  it('is done after a success', () => {
    expect(outcomeOfAttempt(true, 1, policy)).toEqual({ status: 'succeeded' });
    expect(outcomeOfAttempt(true, 4, policy)).toEqual({ status: 'succeeded' });
  });

  it('retries three times with growing waits, then fails: four attempts in all', () => {
    expect([1, 2, 3, 4].map((attempt) => outcomeOfAttempt(false, attempt, policy, middle))).toEqual([
      { status: 'pending', retryInMs: 1000 },
      { status: 'pending', retryInMs: 2000 },
      { status: 'pending', retryInMs: 4000 },
      { status: 'failed' },
    ]);
  });

  it('fails at once when no retries are configured', () => {
    expect(outcomeOfAttempt(false, 1, { maxRetries: 0, backoffBaseMs: 1000 })).toEqual({ status: 'failed' });
  });
});
