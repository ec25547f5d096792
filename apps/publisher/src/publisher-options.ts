export interface PublisherOptions {
  /** Retries of a publish the provider called retryable, after the first try, waiting in place. */
  maxRetries: number;
  /** Longest wait in place before a retry; a platform asking for longer defers the attempt instead. */
  maxRetryDelayMs: number;
  /** How often one attempt may be deferred before it is reported failed. */
  maxDeferrals: number;
  /** Longest sleep of the runner between two looks at the deferred attempts (it wakes for the next one due), and its pause after a failed look. */
  deferredPollMs: number;
  /** How long a runner holds a deferred attempt while calling the provider; past it, the call counts as cut off. */
  deferredLeaseMs: number;
  /**
   * How long an attempt stays held by the consumer calling the provider: another replica given
   * the same start of publishing meanwhile (after a rebalance) waits instead of reporting it cut off.
   */
  attemptLeaseMs: number;
}

export const PUBLISHER_OPTIONS = Symbol('PUBLISHER_OPTIONS');

/**
 * At most 3 retries of at most 10 s in place: a post's partition is never held for long. Longer
 * waits (a 429's reset) are deferred, up to 5 times.
 */
export const defaultPublisherOptions: PublisherOptions = { maxRetries: 3, maxRetryDelayMs: 10_000, maxDeferrals: 5, deferredPollMs: 1_000, deferredLeaseMs: 120_000, attemptLeaseMs: 120_000 };
