import type { AppConfig } from '@app/config';
import type { ConsumerRetryPolicy } from '@app/messaging';

/** The bus's retry policy from the configuration (`MESSAGE_RETRY_MAX_DELAY_MS`, `MESSAGE_DEAD_LETTER_AFTER_MS`). */
export const messageRetry = (config: AppConfig): Partial<ConsumerRetryPolicy> => ({
  maxDelayMs: config.messageRetryMaxDelayMs,
  deadLetterAfterMs: config.messageDeadLetterAfterMs,
});
