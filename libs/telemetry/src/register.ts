/**
 * Starts OpenTelemetry tracing before the app loads, when the standard variables name an exporter
 * (see telemetrySettings): each app's main imports it first (after the Node.js version check), as
 * `@app/telemetry/register`, so that the variables alone turn it on:
 *   OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 node dist/apps/gateway/main.js
 * Without an exporter configured it does nothing, and the SDK is not even loaded.
 */
import { telemetrySettings } from './telemetry-settings';

const settings = telemetrySettings(process.env, process.argv[1]);

if (settings.enabled) {
  // Loaded at once, before the modules it instruments; only when tracing runs.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  (require('./start-tracing') as typeof import('./start-tracing')).startTracing(settings);
}
