import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingHttpHeaders } from 'node:http';

/** Where a request comes from, as far as the service may believe its proxies (TRUST_PROXY). */
export interface RequestOrigin {
  /** The client's address: what rate limits count per address. */
  clientAddress: string;
  /** The host the client addressed (`Host`, or the nearest trusted proxy's `X-Forwarded-Host`). */
  host: string | undefined;
  /** Whether the client's request came over HTTPS (to the service, or to a trusted proxy that says so). */
  https: boolean;
}

/** The part of a request read here: its headers and the socket it came on. */
export interface ArrivedRequest {
  headers: IncomingHttpHeaders;
  socket: { remoteAddress?: string; encrypted?: boolean };
}

/**
 * The origin of a request behind `trustedProxyCount` proxies, each of which appends the address it
 * received the request from to `X-Forwarded-For`: the client's address is the entry that many
 * from the right (the rightmost behind one proxy, written by that proxy), whatever the client put
 * to the left of it. With fewer entries than proxies, the leftmost one: the hop count of Express's
 * `trust proxy` and Fastify's `trustProxy` (proxy-addr). Without proxies (0), the socket's address,
 * and no `X-Forwarded-*` header is read. `X-Forwarded-Host` and `X-Forwarded-Proto` are read from
 * their last entry, the one the nearest proxy passed on (as Fastify does).
 */
export function requestOriginOf(request: ArrivedRequest, trustedProxyCount: number): RequestOrigin {
  const socketAddress = request.socket.remoteAddress ?? 'unknown';
  const overTls = request.socket.encrypted === true;
  const { headers } = request;
  if (trustedProxyCount === 0) return { clientAddress: socketAddress, host: headers.host, https: overTls };
  const forwardedFor = entriesOf(headers['x-forwarded-for']);
  const clientAddress = forwardedFor.length === 0 ? socketAddress : forwardedFor[Math.max(0, forwardedFor.length - trustedProxyCount)];
  const host = entriesOf(headers['x-forwarded-host']).at(-1) ?? headers.host;
  const proto = entriesOf(headers['x-forwarded-proto']).at(-1);
  return { clientAddress, host, https: overTls || proto?.toLowerCase() === 'https' };
}

/** The comma-separated entries of a header (Node joins a repeated one with commas), empty ones left out. */
function entriesOf(value: string | string[] | undefined): string[] {
  const joined = Array.isArray(value) ? value.join(',') : (value ?? '');
  return joined
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

const ORIGIN = Symbol('request origin');
type WithOrigin = { [ORIGIN]?: RequestOrigin };

/**
 * Works out the origin of every request once, as it arrives (before any other hook of the
 * gateway): rate limits, the check of cross-site writes and the cookies' Secure flag read it with
 * originOf.
 */
export function readRequestOrigins(app: NestFastifyApplication, trustedProxyCount: number): void {
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, _reply, done) => {
      (request as WithOrigin)[ORIGIN] = requestOriginOf(request, trustedProxyCount);
      done();
    });
}

/** The origin readRequestOrigins found for this request. */
export function originOf(request: object): RequestOrigin {
  const origin = (request as WithOrigin)[ORIGIN];
  if (!origin) throw new Error('originOf used on a request that readRequestOrigins did not see');
  return origin;
}
