import { Meter, metrics } from '@opentelemetry/api';
import { PrometheusExporter, PrometheusSerializer } from '@opentelemetry/exporter-prometheus';
import { MeterProvider } from '@opentelemetry/sdk-metrics';
import { histogramViews } from './histogram-buckets';

/** The meter every instrument of the service is created on. */
const METER_NAME = 'social-publishing';
/** Longest a scrape waits for the observable instruments (the consumer lag asks the broker). */
const COLLECT_TIMEOUT_MS = 5_000;

interface ProcessMetrics {
  provider: MeterProvider;
  exporter: PrometheusExporter;
}

let installed: ProcessMetrics | undefined;

/**
 * The process's MeterProvider, made on first use and registered as OpenTelemetry's global one. Its
 * only reader is the Prometheus exporter, without its own server: the app serves what it collects
 * on its HTTP port (see prometheusText). Without scope and target labels, so that each series
 * carries the labels of its instrument only (Prometheus adds job and instance).
 */
function processMetrics(): ProcessMetrics {
  if (!installed) {
    const exporter = new PrometheusExporter({ preventServerStart: true, withoutScopeInfo: true, withoutTargetInfo: true });
    const provider = new MeterProvider({ readers: [exporter], views: histogramViews() });
    // Another provider first (an SDK preloaded with metrics on): the app's instruments stay on its own, served at /metrics.
    if (!metrics.setGlobalMeterProvider(provider)) {
      process.emitWarning("Another OpenTelemetry MeterProvider was registered first; /metrics serves the service's own instruments only.");
    }
    installed = { provider, exporter };
  }
  return installed;
}

/**
 * The meter to create the service's instruments on (counters, histograms, observable gauges).
 * One process has one provider, so an instrument created again under the same name (one module
 * per service in the embedded mode, a test that starts an app twice) records into the same series.
 */
export function appMeter(): Meter {
  const { provider } = processMetrics();
  return metrics.getMeterProvider() === provider ? metrics.getMeter(METER_NAME) : provider.getMeter(METER_NAME);
}

export interface MetricsExposition {
  /** The Prometheus text exposition format (version 0.0.4). */
  text: string;
  /** What went wrong while collecting (an observable instrument that timed out); the rest is in `text`. */
  errors: unknown[];
}

/** What the instruments recorded so far, in Prometheus' text format. */
export async function prometheusText(): Promise<MetricsExposition> {
  const { resourceMetrics, errors } = await processMetrics().exporter.collect({ timeoutMillis: COLLECT_TIMEOUT_MS });
  const serializer = new PrometheusSerializer(undefined, false, undefined, true, true);
  return { text: serializer.serialize(resourceMetrics), errors };
}

/** The content type of prometheusText's answer. */
export const PROMETHEUS_CONTENT_TYPE = 'text/plain; version=0.0.4; charset=utf-8';
