/**
 * Starts OpenTelemetry's SDK: HTTP, Nest (controllers, guards, handlers) and PostgreSQL are
 * instrumented. Fastify gets no spans of its own (no instrumentation for it is installed): the
 * HTTP server span, named after the matched route, and Nest's spans cover a request. PostgreSQL
 * queries are recorded inside a traced piece of work only, not the background loops' polls.
 * Messages carry the trace context explicitly (see the messaging library's message-tracing):
 * KafkaJS's instrumentation is not installed, as its headers, added after a message is signed,
 * would fail the signature, and its spans per message of a batch start traces of their own instead
 * of continuing the post's. Outgoing requests are recorded with their origin only (see
 * redactOutgoingUrl). Metrics are not its business: the SDK would otherwise export them over OTLP
 * by default and take the global MeterProvider; each app serves its own at /metrics (see
 * appMeter), traced or not.
 */
import { NodeSDK } from '@opentelemetry/sdk-node';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { NestInstrumentation } from '@opentelemetry/instrumentation-nestjs-core';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { ClientRequest } from 'node:http';
import { redactOutgoingUrl } from './outgoing-url-redaction';
import { nameServerSpansAfterRoutes } from './route-span-names';
import { TelemetrySettings } from './telemetry-settings';

export function startTracing(settings: TelemetrySettings): void {
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
      new PgInstrumentation({ requireParentSpan: true }),
    ],
  });
  sdk.start();
  nameServerSpansAfterRoutes();
  const shutdown = () => void sdk.shutdown().catch(() => undefined);
  process.once('SIGTERM', shutdown);
  process.once('beforeExit', shutdown);
}
