/**
 * When failed work is tried again, and when it is given up. The wait before retry `n` (1 for the
 * first) is `firstDelayMs * 2^(n-1)`, held at `maxDelayMs`, moved at random by up to `jitter`
 * of itself either way so that failures do not retry in lockstep. The work is given up after
 * `maxRetries` retries (1 + maxRetries tries in all) or once it has been failing for
 * `giveUpAfterMs`, whichever comes first. A setting left out sets no bound: no cap, no jitter,
 * no limit on retries or on time.
 */
export interface RetryPolicy {
  /** Wait before the first retry; each later one doubles it. Default 0: at once. */
  firstDelayMs?: number;
  /** Longest wait before a retry, whether doubled or asked for by the other side. */
  maxDelayMs?: number;
  /** Fraction of a wait by which it moves at random either way (0.1: +/-10%). */
  jitter?: number;
  /** Retries after the first try; a failure after the last one is given up. */
  maxRetries?: number;
  /** Time from the first failure after which a failure is given up. */
  giveUpAfterMs?: number;
}

/** The doubling stops growing here (2^30 times the first wait), so that it never reaches Infinity. */
const MAX_DOUBLINGS = 30;

export interface RetryDelayOptions {
  /** A wait the other side asked for (a Retry-After): it replaces the doubled one, held within [0, maxDelayMs]. */
  askedMs?: number;
  /** Returns a number in [0, 1); the jitter's source of chance. */
  random?: () => number;
}

/** The wait in milliseconds before retry `retry` (1 for the first retry, after the first failure). */
export function retryDelayMs(policy: RetryPolicy, retry: number, { askedMs, random = Math.random }: RetryDelayOptions = {}): number {
  const maxDelayMs = policy.maxDelayMs ?? Number.POSITIVE_INFINITY;
  if (askedMs !== undefined) return Math.min(Math.max(askedMs, 0), maxDelayMs);
  const doubled = (policy.firstDelayMs ?? 0) * 2 ** Math.min(Math.max(retry - 1, 0), MAX_DOUBLINGS);
  const nominal = Math.min(doubled, maxDelayMs);
  const jitter = policy.jitter ?? 0;
  if (jitter === 0) return nominal;
  return Math.max(0, Math.round(nominal * (1 + jitter * (2 * random() - 1))));
}

/** Where a failing piece of work stands: the retry that would come next (1 after the first failure) and how long it has been failing. */
export interface Failure {
  retry: number;
  failingForMs?: number;
}

/** Whether the work is given up instead of making retry `failure.retry`. */
export function givesUp(policy: RetryPolicy, { retry, failingForMs = 0 }: Failure): boolean {
  return retry > (policy.maxRetries ?? Number.POSITIVE_INFINITY) || failingForMs >= (policy.giveUpAfterMs ?? Number.POSITIVE_INFINITY);
}
