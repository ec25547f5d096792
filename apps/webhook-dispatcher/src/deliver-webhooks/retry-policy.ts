/** Spread of a retry delay around its nominal value, so failed deliveries do not retry in lockstep. */
export const RETRY_JITTER = 0.1;

/**
 * Wait before retry number `retry` (1 for the first): `baseMs * 2^(retry-1)`, moved by up to
 * +/-10% at random. `random` returns a number in [0, 1).
 */
export function retryDelayMs(baseMs: number, retry: number, random: () => number = Math.random): number {
  const nominal = baseMs * 2 ** (retry - 1);
  return Math.round(nominal * (1 + RETRY_JITTER * (2 * random() - 1)));
}

export type AttemptOutcome = { status: 'succeeded' } | { status: 'failed' } | { status: 'pending'; retryInMs: number };

/**
 * What follows an attempt: done when it succeeded, otherwise a retry until `maxRetries` retries
 * have been made (1 + maxRetries attempts in all), then failed.
 */
export function outcomeOfAttempt(
  succeeded: boolean,
  attemptsInRun: number,
  policy: { maxRetries: number; backoffBaseMs: number },
  random: () => number = Math.random,
): AttemptOutcome {
  if (succeeded) return { status: 'succeeded' };
  if (attemptsInRun > policy.maxRetries) return { status: 'failed' };
  return { status: 'pending', retryInMs: retryDelayMs(policy.backoffBaseMs, attemptsInRun, random) };
}
