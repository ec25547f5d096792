import { DEFAULT_CONSUMER_RETRY_POLICY, goesToDeadLetter, keepRetrying, retryDelayMs, consumerRetryPolicy } from './consumer-retry-policy';

describe('retry policy', () => {
  it('doubles the delay from the first one and caps it', () => {
    const policy = { firstDelayMs: 200, maxDelayMs: 1_000 };
    expect([1, 2, 3, 4, 60].map((attempt) => retryDelayMs(attempt, policy))).toEqual([200, 400, 800, 1_000, 1_000]);
  });

  it('dead-letters a message once its failures have lasted deadLetterAfterMs, however many attempts that took; never when it keeps retrying', () => {
    const policy = { firstDelayMs: 200, maxDelayMs: 1_000, deadLetterAfterMs: 5_000 };
    expect(goesToDeadLetter(policy, 1_000, 4_999)).toBe(false);
    expect(goesToDeadLetter(policy, 2, 5_000)).toBe(true);
    expect(goesToDeadLetter(keepRetrying(policy), 2, Number.MAX_SAFE_INTEGER)).toBe(false);
  });

  it('by default retries for a day before giving a message up, waiting at most 30 s between attempts', () => {
    expect(DEFAULT_CONSUMER_RETRY_POLICY).toEqual({ firstDelayMs: 200, maxDelayMs: 30_000, deadLetterAfterMs: 86_400_000 });
    expect(consumerRetryPolicy({ firstDelayMs: 5, maxDelayMs: undefined })).toEqual({ ...DEFAULT_CONSUMER_RETRY_POLICY, firstDelayMs: 5 });
  });

  it('refuses a negative or non-numeric setting', () => {
    expect(() => consumerRetryPolicy({ deadLetterAfterMs: -1 })).toThrow('retry.deadLetterAfterMs must be a number of milliseconds >= 0, got -1');
    expect(() => consumerRetryPolicy({ maxDelayMs: Number.NaN })).toThrow(/retry.maxDelayMs/);
  });
});
