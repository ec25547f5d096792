import type { Span } from '@opentelemetry/api';

/** What stands for the path and query of an outgoing request in a span. */
export const REDACTED_PATH = '/[redacted]';

/**
 * Spans of outgoing HTTP requests (webhook deliveries, provider calls) keep the scheme, host and
 * port of the URL, never its path or query: receivers protect webhook URLs with secret path
 * components, and platform APIs put tokens in paths (a bot token, a Discord webhook URL).
 */
export function redactOutgoingUrl(span: Span, request: { protocol?: string | null; host?: string | null; getHeader?: (name: string) => unknown }): void {
  const origin = originOf(request);
  for (const name of ['http.url', 'url.full']) span.setAttribute(name, origin === null ? REDACTED_PATH : `${origin}${REDACTED_PATH}`);
  for (const name of ['http.target', 'url.path']) span.setAttribute(name, REDACTED_PATH);
  span.setAttribute('url.query', '');
}

function originOf(request: { protocol?: string | null; host?: string | null; getHeader?: (name: string) => unknown }): string | null {
  const host = request.getHeader?.('host') ?? request.host;
  if (typeof host !== 'string' || host === '') return null;
  return `${request.protocol ?? 'http:'}//${host}`;
}
