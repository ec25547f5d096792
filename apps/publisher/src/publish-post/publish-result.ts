import { AccountPublishResult, PublishedItem } from '@app/domain';
import { givesUp, RetryPolicy, retryDelayMs } from '@app/retry';
import { ItemOnPlatform, PublishOutcome } from '../providers/publish-provider';

/** The per-account result the publisher reports, without the account id. */
export type PublishResult = Omit<AccountPublishResult, 'accountId'>;

export const PublishMessages = {
  notConnected: 'The account is not connected.',
  unknownOutcome: 'The outcome of the publish attempt is unknown after a restart; check the account before publishing again.',
  unknownItemOutcome: (position: number) =>
    `The outcome of content item ${position} is unknown after a restart (the items before it are published); check the account before publishing again.`,
  noVersion: 'The post has no version to publish.',
  noContent: 'The version has no content item to publish.',
  unreadableSecrets: 'The stored settings of the account cannot be read; connect the account again.',
  unknownProvider: (provider: string) => `The provider "${provider}" is not available.`,
  providerCrashed: (provider: string, detail: string) => `The ${provider} provider failed unexpectedly: ${detail}`,
  gaveUp: (message: string, tries: number) => `${message} (gave up after ${tries} attempts)`,
} as const;

/** What a result shows of the items on the platform: per content item, its id and address, or null. */
const shownItems = (items: readonly (ItemOnPlatform | null)[]): (PublishedItem | null)[] =>
  items.map((item) => (item ? { externalId: item.externalId, externalUrl: item.externalUrl } : null));

/** A failed attempt; `items` are those published before it failed (a thread cut short), null for the others. */
export const failed = (message: string, items: readonly (ItemOnPlatform | null)[] = []): PublishResult => ({
  outcome: 'failed',
  externalId: null,
  externalUrl: null,
  errors: [message],
  items: shownItems(items),
});

/** Every content item is on the platform: the post is the first. */
export const published = (items: readonly ItemOnPlatform[]): PublishResult => ({
  outcome: 'published',
  externalId: items[0].externalId,
  externalUrl: items[0].externalUrl,
  errors: [],
  items: shownItems(items),
});

/** What came of one content item: on the platform, or failed with the message to report. */
export type ItemResult = { kind: 'published'; item: ItemOnPlatform } | { kind: 'failed'; message: string };

/** The publisher's settings for retries in place (see PublisherOptions). */
export interface PublishRetrySettings {
  maxRetries: number;
  maxRetryDelayMs: number;
}

/** Retries in place: `maxRetries` of them, each after the wait the platform asked for, held within `maxRetryDelayMs`. */
export const publishRetryPolicy = ({ maxRetries, maxRetryDelayMs }: PublishRetrySettings): RetryPolicy => ({ maxRetries, maxDelayMs: maxRetryDelayMs });

export type NextStep = { kind: 'retry'; delayMs: number } | { kind: 'report'; result: ItemResult };

/**
 * What to do with a provider's outcome for a content item after `retriesSoFar` retries: report
 * it, or wait and try again while a `retry_later` has retries left. Only a definite refusal,
 * refused credentials or an unknown outcome is reported at once.
 */
export function nextStep(outcome: PublishOutcome, retriesSoFar: number, settings: PublishRetrySettings): NextStep {
  switch (outcome.kind) {
    case 'published': {
      const { externalId, externalUrl, reference = null } = outcome;
      return { kind: 'report', result: { kind: 'published', item: { externalId, externalUrl, reference } } };
    }
    case 'rejected':
    case 'reauthorize':
    case 'unknown':
      return { kind: 'report', result: { kind: 'failed', message: outcome.message } };
    case 'retry_later': {
      const policy = publishRetryPolicy(settings);
      const retry = retriesSoFar + 1;
      if (!givesUp(policy, { retry })) return { kind: 'retry', delayMs: retryDelayMs(policy, retry, { askedMs: outcome.retryAfterMs }) };
      return { kind: 'report', result: { kind: 'failed', message: PublishMessages.gaveUp(outcome.message, retriesSoFar + 1) } };
    }
  }
}
