import { trace } from '@opentelemetry/api';
import { subscribe } from 'node:diagnostics_channel';

/** What Fastify publishes when a route's handler starts (its documented diagnostics channel). */
interface HandlerStart {
  request: { method: string };
  route: { url: string };
}

/**
 * Names each HTTP server span after the route that answered it ("GET /api/:workspaceUuid/posts")
 * and records the route, as a web framework's instrumentation would: the HTTP instrumentation
 * alone only knows the method. Fastify announces every handler on a diagnostics channel, where
 * the request's span is still the active one.
 */
export function nameServerSpansAfterRoutes(): void {
  subscribe('tracing:fastify.request.handler:start', (message) => {
    const { request, route } = message as HandlerStart;
    trace.getActiveSpan()?.updateName(`${request.method} ${route.url}`).setAttribute('http.route', route.url);
  });
}
