import { givesUp, RetryPolicy, retryDelayMs } from '@app/retry';

/** Spread of a retry delay around its nominal value, so failed deliveries do not retry in lockstep. */
export const RETRY_JITTER = 0.1;

/** The webhook contract's retry settings, from WEBHOOK_MAX_RETRIES and WEBHOOK_BACKOFF_BASE_MS. */
export interface WebhookRetrySettings {
  maxRetries: number;
  backoffBaseMs: number;
}

/**
 * The contract's retries: `maxRetries` of them after the first attempt, the first `backoffBaseMs`
 * after it, each later one doubled (`baseMs * 2^(retry-1)`, no cap), each moved by up to +/-10%.
 */
export const webhookRetryPolicy = ({ maxRetries, backoffBaseMs }: WebhookRetrySettings): RetryPolicy => ({
  firstDelayMs: backoffBaseMs,
  jitter: RETRY_JITTER,
  maxRetries,
});

export type AttemptOutcome = { status: 'succeeded' } | { status: 'failed' } | { status: 'pending'; retryInMs: number };

/**
 * What follows attempt `attemptsInRun` of a run: done when it succeeded, otherwise retry number
 * `attemptsInRun` until `maxRetries` retries have been made (1 + maxRetries attempts in all), then
 * failed. `random` returns a number in [0, 1): the jitter's source.
 */
export function outcomeOfAttempt(
  succeeded: boolean,
  attemptsInRun: number,
  settings: WebhookRetrySettings,
  random: () => number = Math.random,
): AttemptOutcome {
  if (succeeded) return { status: 'succeeded' };
  const policy = webhookRetryPolicy(settings);
  if (givesUp(policy, { retry: attemptsInRun })) return { status: 'failed' };
  return { status: 'pending', retryInMs: retryDelayMs(policy, attemptsInRun, { random }) };
}
