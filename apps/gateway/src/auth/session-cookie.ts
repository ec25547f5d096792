import type { FastifyReply, FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { originOf } from '../http/request-origin';
import { bearerTokenOf } from './authenticated-user';

/** The dashboard's session: its id (see DashboardSessionStore), never the API token, in an HttpOnly, SameSite=Strict cookie, never in page storage. */
export const SESSION_COOKIE = 'sps_session';

/** A request signed in by the session cookie that changes something must carry this header (see assertNotForged). */
export const CSRF_HEADER = 'x-requested-with';

export const MISSING_CSRF_HEADER = 'A request signed in with the session cookie must carry the X-Requested-With header.';

/** Methods that change nothing: no forgery check applies to them. */
export const SAFE_METHODS: ReadonlySet<string> = new Set(['GET', 'HEAD', 'OPTIONS']);

/**
 * What a request signs in with: the API token of the Authorization header first, otherwise the
 * session id of the cookie (`fromCookie`).
 */
export interface CallerCredential {
  value: string;
  fromCookie: boolean;
}

export function callerCredentialOf(request: FastifyRequest): CallerCredential | null {
  const bearer = bearerTokenOf(request);
  if (bearer !== null) return { value: bearer, fromCookie: false };
  const sessionId = sessionCookieOf(request);
  return sessionId === null ? null : { value: sessionId, fromCookie: true };
}

/**
 * Cross-site request forgery: the cookie is SameSite=Strict, so another site's page does not send
 * it; and a write signed in by the cookie must carry X-Requested-With, a header that a cross-origin
 * page cannot add without a CORS preflight, which the gateway never grants.
 */
export function assertNotForged(request: FastifyRequest, caller: CallerCredential): void {
  if (!caller.fromCookie || SAFE_METHODS.has(request.method)) return;
  if (!request.headers[CSRF_HEADER]) throw new ApiError(403, MISSING_CSRF_HEADER);
}

export function sessionCookieOf(request: FastifyRequest): string | null {
  return cookieValueOf(request, SESSION_COOKIE);
}

/** The value of the cookie `name` of a request, percent-decoded; null when absent, empty or malformed. */
export function cookieValueOf(request: FastifyRequest, name: string): string | null {
  for (const part of (request.headers.cookie ?? '').split(';')) {
    const separator = part.indexOf('=');
    if (separator < 0 || part.slice(0, separator).trim() !== name) continue;
    const value = part.slice(separator + 1).trim();
    try {
      return value === '' ? null : decodeURIComponent(value);
    } catch {
      return null;
    }
  }
  return null;
}

export function setSessionCookie(request: FastifyRequest, reply: FastifyReply, sessionId: string): void {
  reply.header('set-cookie', cookie(request, encodeURIComponent(sessionId), ''));
}

export function clearSessionCookie(request: FastifyRequest, reply: FastifyReply): void {
  reply.header('set-cookie', cookie(request, '', '; Max-Age=0'));
}

function cookie(request: FastifyRequest, value: string, lifetime: string): string {
  return `${SESSION_COOKIE}=${value}; Path=/; HttpOnly; SameSite=Strict${lifetime}${secureCookieFlag(request)}`;
}

/** `; Secure` when the request came over HTTPS (directly, or through a trusted proxy that says so: see originOf). */
export function secureCookieFlag(request: FastifyRequest): string {
  return originOf(request).https ? '; Secure' : '';
}
