import { givesUp, retryDelayMs as backoffDelayMs } from '@app/retry';

/**
 * How a consumer group retries a message whose handler failed: in place (the partition waits, so
 * messages of one key stay in order), after a delay that doubles from `firstDelayMs` up to
 * `maxDelayMs`, for as long as the failures last, up to `deadLetterAfterMs` after the first one.
 * A failure that says the message can never be handled skips the retries.
 */
export interface ConsumerRetryPolicy {
  firstDelayMs: number;
  maxDelayMs: number;
  /** Time from the first failure after which a message that still fails goes to the dead-letter topic. */
  deadLetterAfterMs: number;
}

export const DEFAULT_CONSUMER_RETRY_POLICY: ConsumerRetryPolicy = {
  firstDelayMs: 200,
  maxDelayMs: 30_000,
  deadLetterAfterMs: 24 * 60 * 60 * 1000,
};

export function consumerRetryPolicy(overrides: Partial<ConsumerRetryPolicy> = {}): ConsumerRetryPolicy {
  const policy = { ...DEFAULT_CONSUMER_RETRY_POLICY, ...definedOnly(overrides) };
  for (const [name, value] of Object.entries(policy)) {
    if (!Number.isFinite(value) || value < 0) throw new Error(`retry.${name} must be a number of milliseconds >= 0, got ${value}`);
  }
  return policy;
}

/** The policy of a group that keeps retrying (SubscribeOptions.keepRetrying): the same delays, never a dead letter for lasting failures. */
export const keepRetrying = (policy: ConsumerRetryPolicy): ConsumerRetryPolicy => ({ ...policy, deadLetterAfterMs: Number.POSITIVE_INFINITY });

/** The wait before attempt `attempt + 1`, after `attempt` failed ones (the shared backoff, without jitter). */
export function retryDelayMs(attempt: number, policy: Pick<ConsumerRetryPolicy, 'firstDelayMs' | 'maxDelayMs'>): number {
  return backoffDelayMs(policy, attempt);
}

/** Whether a message whose handler has been failing for `failingForMs` goes to the dead-letter topic (no limit on the count of retries). */
export const goesToDeadLetter = (policy: ConsumerRetryPolicy, attempt: number, failingForMs: number): boolean =>
  givesUp({ giveUpAfterMs: policy.deadLetterAfterMs }, { retry: attempt, failingForMs });

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
