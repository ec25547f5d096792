import { AggregationType, ViewOptions } from '@opentelemetry/sdk-metrics';

/**
 * Bucket boundaries, in seconds, of the histograms the service records. The default ones of the
 * SDK (0 to 10,000, made for milliseconds) would put every request in the first bucket.
 */
export const SecondsBuckets = {
  /** An HTTP request: milliseconds to seconds (OpenTelemetry's advice for http.server.request.duration). */
  request: [0.005, 0.01, 0.025, 0.05, 0.075, 0.1, 0.25, 0.5, 0.75, 1, 2.5, 5, 7.5, 10],
  /** A step of a request between two services: under a millisecond to a few seconds. */
  step: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
  /** A webhook delivery: a receiver's answer, up to the longest webhook timeout. */
  delivery: [0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60],
  /** How late something started after its due time: under a second when all is well, minutes when not. */
  lateness: [0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60, 120, 300, 600, 1800, 3600],
} as const;

/** The histograms' buckets, by metric name (the name each instrument is created with). */
export const HISTOGRAM_BUCKETS: Readonly<Record<string, readonly number[]>> = {
  http_server_request_duration_seconds: SecondsBuckets.request,
  webhook_delivery_duration_seconds: SecondsBuckets.delivery,
  posts_due_late_seconds: SecondsBuckets.lateness,
  rpc_client_phase_seconds: SecondsBuckets.step,
};

/** One view per histogram of HISTOGRAM_BUCKETS, giving it its buckets. */
export function histogramViews(): ViewOptions[] {
  return Object.entries(HISTOGRAM_BUCKETS).map(([instrumentName, boundaries]) => ({
    instrumentName,
    aggregation: { type: AggregationType.EXPLICIT_BUCKET_HISTOGRAM, options: { boundaries: [...boundaries] } },
  }));
}
