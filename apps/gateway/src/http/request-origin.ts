/** Where a request comes from, as far as the service may believe its proxies (TRUST_PROXY). */
export interface RequestOrigin {
  /** The client's address: what rate limits count per address. */
  clientAddress: string;
  /** The host the client addressed (`Host`, or the nearest trusted proxy's `X-Forwarded-Host`). */
  host: string | undefined;
  /** Whether the client's request came over HTTPS (to the service, or to a trusted proxy that says so). */
  https: boolean;
}

/** What Fastify answers of a request under its `trustProxy`. */
interface FastifyRequestOrigin {
  ip: string;
  host: string;
  protocol: string | undefined;
}

/**
 * The origin of a request, as Fastify reads it behind TRUST_PROXY proxies (createHttpApp passes the
 * count on as Fastify's `trustProxy`, a hop count: each proxy appends the address it received the
 * request from to `X-Forwarded-For`, so the client's address is the entry that many from the right,
 * whatever the client put to the left of it; `X-Forwarded-Host` and `-Proto` are read from their
 * last entry, the nearest proxy's). Without proxies, the socket's address and no `X-Forwarded-*`.
 */
export function originOf(request: object): RequestOrigin {
  const { ip, host, protocol } = request as FastifyRequestOrigin;
  return { clientAddress: ip, host: host === '' ? undefined : host, https: protocol?.toLowerCase() === 'https' };
}
