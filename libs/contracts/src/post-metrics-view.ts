/**
 * A post's figures on one of its accounts: an entry of `GET .../posts/{uuid}/metrics`, and of the
 * `metrics` of `post.metrics_updated`. `metrics` holds every figure the product names (the domain's
 * `POST_METRIC_NAMES`), null where the platform does not report it; all null until the first reading.
 */
export interface PostMetricsEntry {
  /** @asType integer */
  account_id: number;
  provider: string;
  /** False for a platform that reports no figures (its `metrics` stay null). */
  supported: boolean;
  /** When the figures were read from the platform; null before the first reading. @format date-time */
  collected_at: string | null;
  metrics: Readonly<Record<string, number | null>>;
}
