/**
 * Starts OpenTelemetry tracing before the app loads, so HTTP, Nest (controllers, guards, handlers),
 * PostgreSQL and KafkaJS are instrumented (KafkaJS spans carry the W3C trace context in message
 * headers). Fastify gets no spans of its own (no instrumentation for it is installed): the HTTP
 * server span, named after the matched route, and Nest's spans cover a request.
 *   NODE_OPTIONS="--require ./dist/libs/telemetry/src/register.js" \
 *   OTEL_EXPORTER_OTLP_ENDPOINT=http://collector:4318 node dist/apps/gateway/main.js
 * Outgoing requests are recorded with their origin only (see redactOutgoingUrl).
 * Without an exporter configured it does nothing. Metrics are not its business: the SDK would
 * otherwise export them over OTLP by default and take the global MeterProvider; each app serves
 * its own at /metrics (see appMeter), traced or not.
 */
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { KafkaJsInstrumentation } from '@opentelemetry/instrumentation-kafkajs';
import { ClientRequest } from 'node:http';
import { redactOutgoingUrl } from './outgoing-url-redaction';
import { nameServerSpansAfterRoutes } from './route-span-names';
import { telemetrySettings } from './telemetry-settings';

const settings = telemetrySettings(process.env, process.argv[1]);

if (settings.enabled) {
  process.env.OTEL_SERVICE_NAME = settings.serviceName;
  const sdk = new NodeSDK({
    serviceName: settings.serviceName,
    metricReaders: [],
    instrumentations: [
      new HttpInstrumentation({
        // Probes and scrapes come every few seconds and tell nothing about the service's work.
        ignoreIncomingRequestHook: (request) => /^\/(health|metrics)(\/|\?|$)/.test(request.url ?? ''),
        requestHook: (span, request) => {
          if (request instanceof ClientRequest) redactOutgoingUrl(span, request);
        },
      }),
      new NestInstrumentation(),
      new PgInstrumentation(),
      new KafkaJsInstrumentation(),
    ],
  });
  sdk.start();
  nameServerSpansAfterRoutes();
  const shutdown = () => void sdk.shutdown().catch(() => undefined);
  process.once('SIGTERM', shutdown);
  process.once('beforeExit', shutdown);
}
