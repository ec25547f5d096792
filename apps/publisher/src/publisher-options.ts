export interface PublisherOptions {
  /** Retries of a publish the provider called retryable, after the first try. */
  maxRetries: number;
  /** Upper bound of one wait before a retry, whatever the provider asks for. */
  maxRetryDelayMs: number;
}

export const PUBLISHER_OPTIONS = Symbol('PUBLISHER_OPTIONS');

/** At most 3 retries of at most 10 s: a post's partition is never held for long. */
export const defaultPublisherOptions: PublisherOptions = { maxRetries: 3, maxRetryDelayMs: 10_000 };
