import type { FastifyInstance } from 'fastify';
import {
  ATTR_HTTP_REQUEST_METHOD,
  ATTR_HTTP_RESPONSE_STATUS_CODE,
  ATTR_HTTP_ROUTE,
  HTTP_REQUEST_METHOD_VALUE_OTHER,
} from '@opentelemetry/semantic-conventions';
import { appMeter } from '@app/telemetry';

/** Methods kept as they are; any other is `_OTHER` (OpenTelemetry's rule, which bounds the label's values). */
const KNOWN_METHODS: ReadonlySet<string> = new Set(['CONNECT', 'DELETE', 'GET', 'HEAD', 'OPTIONS', 'PATCH', 'POST', 'PUT', 'TRACE']);

/** Servers already recorded, so that a second registration (another module, another call) does not count requests twice. */
const recorded = new WeakSet<object>();

/**
 * `http_server_request_duration_seconds`: every request the server answers, from its arrival to
 * the end of the answer, labelled with OpenTelemetry's semantic attributes: the method, the route
 * that answered (the pattern, `/api/:workspaceUuid/posts`, never the path, so that ids do not
 * make a series each; none for a request no route matched) and the status code.
 */
export function recordRequestDurations(server: FastifyInstance): void {
  if (recorded.has(server)) return;
  recorded.add(server);
  const durations = appMeter().createHistogram('http_server_request_duration_seconds', {
    description: 'Duration of HTTP server requests.',
    unit: 's',
  });
  server.addHook('onResponse', (request, reply, done) => {
    const route = request.routeOptions.url;
    durations.record(reply.elapsedTime / 1000, {
      [ATTR_HTTP_REQUEST_METHOD]: KNOWN_METHODS.has(request.method) ? request.method : HTTP_REQUEST_METHOD_VALUE_OTHER,
      [ATTR_HTTP_RESPONSE_STATUS_CODE]: reply.statusCode,
      ...(route === undefined ? {} : { [ATTR_HTTP_ROUTE]: route }),
    });
    done();
  });
}
