import { appMeter } from '@app/telemetry';
import { PublishOutcome } from '../providers/publish-provider';

/** What came of an attempt, as the metric counts it. */
export type AttemptOutcome = 'published' | 'failed' | 'retry_later' | 'unknown';

const OUTCOMES: Record<PublishOutcome['kind'], AttemptOutcome> = {
  published: 'published',
  rejected: 'failed',
  reauthorize: 'failed',
  retry_later: 'retry_later',
  unknown: 'unknown',
};

/**
 * `publishing_attempts_total{provider, outcome}`: every attempt to put a content item on a
 * platform, counted once its outcome is known: published; failed (refused, or the account must be
 * connected again); retry_later (the platform asked to wait, whether the attempt is made again or
 * given up); unknown (the platform's answer never came, or a crash cut the attempt off).
 */
export class PublishingAttempts {
  private readonly attempts = appMeter().createCounter('publishing_attempts_total', {
    description: 'Attempts to publish a content item to a platform, by provider and outcome.',
  });

  count(provider: string, outcome: PublishOutcome['kind']): void {
    this.attempts.add(1, { provider, outcome: OUTCOMES[outcome] });
  }
}
