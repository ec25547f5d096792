import type { FastifyReply, FastifyRequest } from 'fastify';
import { timingSafeEqual } from 'node:crypto';
import { cookieValueOf, secureCookieFlag } from '../../auth/session-cookie';
import { hashToken } from '@app/security';
import { OAUTH_STATE_TTL_MS } from './oauth-states';

/** The callbacks' path: the binding cookie is sent there only. */
const CALLBACK_PATH = '/api/oauth';

/**
 * The cookie that binds an authorization to the browser that began it, one per authorization (so
 * that two begun in one browser do not undo each other), named after the state's digest. SameSite
 * Lax: the platform's redirect back is a top-level navigation from another site, which carries
 * Lax cookies and not Strict ones.
 */
export function bindingCookieName(state: string): string {
  return `sps_oauth_${hashToken(state).slice(0, 16)}`;
}

export function setBindingCookie(request: FastifyRequest, reply: FastifyReply, state: string, secret: string): void {
  reply.header('set-cookie', `${bindingCookieName(state)}=${secret}; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=${OAUTH_STATE_TTL_MS / 1000}${secureCookieFlag(request)}`);
}

export function clearBindingCookie(request: FastifyRequest, reply: FastifyReply, state: string): void {
  reply.header('set-cookie', `${bindingCookieName(state)}=; Path=${CALLBACK_PATH}; HttpOnly; SameSite=Lax; Max-Age=0${secureCookieFlag(request)}`);
}

/** Whether the request carries the binding cookie of this state, holding the secret of this digest. */
export function carriesBinding(request: FastifyRequest, state: string, expectedHash: string): boolean {
  const secret = cookieValueOf(request, bindingCookieName(state));
  if (secret === null) return false;
  const given = Buffer.from(hashToken(secret), 'hex');
  const expected = Buffer.from(expectedHash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}
