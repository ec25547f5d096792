import { outcomeOfAttempt } from './retry-policy';

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

  it('moves each wait by at most 10% either way', () => {
    expect(outcomeOfAttempt(false, 1, { maxRetries: 3, backoffBaseMs: 10_000 }, () => 0)).toEqual({ status: 'pending', retryInMs: 9_000 });
    expect(outcomeOfAttempt(false, 1, { maxRetries: 3, backoffBaseMs: 10_000 }, () => 0.999999)).toEqual({ status: 'pending', retryInMs: 11_000 });
    expect(outcomeOfAttempt(false, 3, { maxRetries: 3, backoffBaseMs: 10_000 }, () => 0)).toEqual({ status: 'pending', retryInMs: 36_000 });
  });

  it('fails at once when no retries are configured', () => {
    expect(outcomeOfAttempt(false, 1, { maxRetries: 0, backoffBaseMs: 1000 })).toEqual({ status: 'failed' });
  });
});
