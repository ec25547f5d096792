/**
 * The figures of a published post, the same set for every platform: what each platform reports is
 * mapped onto these names, and a figure it does not report is null, never 0.
 */
export const POST_METRIC_NAMES = ['impressions', 'likes', 'replies', 'reposts', 'quotes', 'saves', 'clicks', 'views'] as const;

export type PostMetricName = (typeof POST_METRIC_NAMES)[number];

/** One post's figures on one account: a number where the platform reported it, null where it does not report it. */
export type PostMetrics = Record<PostMetricName, number | null>;

/**
 * The figures a platform answered, as a full set: every figure named, the ones it did not give (or
 * gave as something other than a whole number of zero or more) as null.
 */
export function postMetricsOf(reported: Partial<Record<PostMetricName, unknown>>): PostMetrics {
  const figures = {} as PostMetrics;
  for (const name of POST_METRIC_NAMES) {
    const value = reported[name];
    figures[name] = typeof value === 'number' && Number.isSafeInteger(value) && value >= 0 ? value : null;
  }
  return figures;
}
