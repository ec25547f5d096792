import { PostMetricName } from '@app/domain';
import { MetricsOutcome, ProviderFailure } from '../publish-provider';

/**
 * A count as a platform answers it: a whole number of zero or more, or its digits as text (YouTube
 * answers its counts as strings, being 64-bit); anything else (absent, null, a rate) is no count.
 */
export function countOf(value: unknown): number | undefined {
  if (typeof value === 'number') return Number.isSafeInteger(value) && value >= 0 ? value : undefined;
  if (typeof value === 'string' && /^\d+$/.test(value)) {
    const count = Number(value);
    return Number.isSafeInteger(count) ? count : undefined;
  }
  return undefined;
}

/**
 * What a provider answers once it has read a post's figures, named as the product names them
 * (`@app/domain`'s POST_METRIC_NAMES): each figure the platform answered as a count; any other is
 * left out, which clients see as null (not reported), never as 0.
 */
export function figuresRead(reported: Partial<Record<PostMetricName, unknown>>): MetricsOutcome {
  const metrics: Partial<Record<PostMetricName, number>> = {};
  for (const [name, value] of Object.entries(reported) as [PostMetricName, unknown][]) {
    const count = countOf(value);
    if (count !== undefined) metrics[name] = count;
  }
  return { kind: 'read', metrics };
}

/** The platform no longer has the post (its author or a moderator deleted it): there is nothing to read, now or later. */
export const postGone = (platform: string): ProviderFailure => ({ kind: 'rejected', message: `The post is no longer on ${platform}.` });
