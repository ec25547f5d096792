import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { SAFE_METHODS } from '../auth/session-cookie';
import { ApiError } from './api-error';
import { BodyRoutes, hasBody, isCsv } from './json-body';
import { originOf } from './request-origin';

export const CROSS_SITE_REFUSED = 'A request from another site may not change anything here.';
export const JSON_REQUIRED = 'The request body must be JSON, sent with Content-Type: application/json.';

export interface BrowserRequestOptions extends BodyRoutes {
  /** PUBLIC_URL: the address the service is reached at, whose origin the dashboard's requests carry. */
  publicUrl: string;
}

/**
 * What a browser could send without the user meaning it: a form or a script of another site that
 * posts to the API, riding on the session cookie, or signing the victim in to the attacker's
 * account (login CSRF). Requests that change something and carry no `Authorization: Bearer` (which
 * no cross-site page can add) are refused:
 * - with 403 when the browser says they come from another site (`Origin` not the service's own,
 *   or `Sec-Fetch-Site: cross-site`);
 * - with 415 when their body is not declared JSON (or the upload's multipart, or the import's
 *   `text/csv`, which no page can send across sites without a CORS preflight): the types an HTML
 *   form can send without a preflight (`text/plain`, `application/x-www-form-urlencoded`,
 *   `multipart/form-data`) never reach a route.
 * A client with a bearer token keeps the lenient reading of json-body.ts (any Content-Type).
 */
export function refuseCrossSiteWrites(app: NestFastifyApplication, options: BrowserRequestOptions): void {
  const publicOrigin = webOriginOf(options.publicUrl);
  app
    .getHttpAdapter()
    .getInstance()
    .addHook('onRequest', (request, _reply, done) => {
      const { headers, method } = request;
      if (SAFE_METHODS.has(method) || /^Bearer\s/i.test(headers.authorization ?? '')) return done();
      if (headers['sec-fetch-site'] === 'cross-site' || (headers.origin !== undefined && !isOwnOrigin(headers.origin, publicOrigin, originOf(request).host))) {
        return done(new ApiError(403, CROSS_SITE_REFUSED));
      }
      const declared = isJsonType(headers['content-type']) || options.multipartRoute?.(method, request.url) || (isCsv(headers) && options.tableRoute?.(method, request.url));
      if (hasBody(headers) && !declared) return done(new ApiError(415, JSON_REQUIRED));
      done();
    });
}

/** Whether `origin` is the service's: PUBLIC_URL's, or the one the request was addressed to (its Host, or a trusted proxy's: see originOf). */
function isOwnOrigin(origin: string, publicOrigin: string | null, addressedHost: string | undefined): boolean {
  if (origin === publicOrigin) return true;
  const given = webOriginOf(origin);
  if (given === null) return false;
  return addressedHost !== undefined && new URL(given).host === addressedHost.toLowerCase();
}

function webOriginOf(url: string): string | null {
  try {
    const parsed = new URL(url);
    return parsed.protocol === 'http:' || parsed.protocol === 'https:' ? parsed.origin : null;
  } catch {
    return null;
  }
}

const isJsonType = (type: string | undefined): boolean => /^application\/json\s*(;|$)/i.test(type ?? '');
