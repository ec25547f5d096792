import { AccountPublishResult } from '@app/domain';
import { PublishOutcome } from '../providers/publish-provider';

/** The per-account result the publisher reports, without the account id. */
export type PublishResult = Omit<AccountPublishResult, 'accountId'>;

export const PublishMessages = {
  notConnected: 'The account is not connected.',
  unknownOutcome: 'The outcome of the publish attempt is unknown after a restart; check the account before publishing again.',
  noVersion: 'The post has no version to publish.',
  unreadableSecrets: 'The stored settings of the account cannot be read; connect the account again.',
  unknownProvider: (provider: string) => `The provider "${provider}" is not available.`,
  providerCrashed: (provider: string, detail: string) => `The ${provider} provider failed unexpectedly: ${detail}`,
  gaveUp: (message: string, tries: number) => `${message} (gave up after ${tries} attempts)`,
} as const;

export const failed = (message: string): PublishResult => ({ outcome: 'failed', externalId: null, externalUrl: null, errors: [message] });

export interface RetryPolicy {
  maxRetries: number;
  maxRetryDelayMs: number;
}

export type NextStep = { kind: 'retry'; delayMs: number } | { kind: 'report'; result: PublishResult };

/**
 * What to do with a provider's outcome after `retriesSoFar` retries: report it, or wait and try
 * again while a `retry_later` has retries left. Only a definite refusal, refused credentials or an
 * unknown outcome is reported at once.
 */
export function nextStep(outcome: PublishOutcome, retriesSoFar: number, policy: RetryPolicy): NextStep {
  switch (outcome.kind) {
    case 'published':
      return { kind: 'report', result: { outcome: 'published', externalId: outcome.externalId, externalUrl: outcome.externalUrl, errors: [] } };
    case 'rejected':
    case 'reauthorize':
    case 'unknown':
      return { kind: 'report', result: failed(outcome.message) };
    case 'retry_later':
      if (retriesSoFar < policy.maxRetries) {
        return { kind: 'retry', delayMs: Math.min(Math.max(outcome.retryAfterMs, 0), policy.maxRetryDelayMs) };
      }
      return { kind: 'report', result: failed(PublishMessages.gaveUp(outcome.message, retriesSoFar + 1)) };
  }
}
