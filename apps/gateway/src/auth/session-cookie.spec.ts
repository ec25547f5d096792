import type { FastifyRequest } from 'fastify';
import { ApiError } from '../http/api-error';
import { assertNotForged, callerCredentialOf, MISSING_CSRF_HEADER } from './session-cookie';

const request = (method: string, headers: Record<string, string>) => ({ method, headers }) as unknown as FastifyRequest;

describe('the session cookie', () => {
  it('reads the session id from the cookie among others, decoded', () => {
    expect(callerCredentialOf(request('GET', { cookie: 'theme=dark; sps_session=a%2Bb; other=1' }))).toEqual({ value: 'a+b', fromCookie: true });
  });

  it('prefers the Authorization header when both come', () => {
    expect(callerCredentialOf(request('GET', { authorization: 'Bearer header-token', cookie: 'sps_session=cookie-session' }))).toEqual({ value: 'header-token', fromCookie: false });
  });

  it.each([[''], ['sps_session='], ['sps_sessionx=abc'], ['sps_session=%E0%A4%A']])('finds no credential in %j', (cookie) => {
    expect(callerCredentialOf(request('GET', { cookie }))).toBeNull();
  });

  it('lets cookie-signed reads through, and cookie-signed writes only with X-Requested-With', () => {
    const cookie = { value: 's', fromCookie: true };
    expect(() => assertNotForged(request('GET', {}), cookie)).not.toThrow();
    expect(() => assertNotForged(request('POST', { 'x-requested-with': 'dashboard' }), cookie)).not.toThrow();
    for (const method of ['POST', 'PUT', 'DELETE', 'PATCH']) {
      expect(() => assertNotForged(request(method, {}), cookie)).toThrow(new ApiError(403, MISSING_CSRF_HEADER));
    }
  });

  it('asks nothing more of a bearer token, which a browser never sends on its own', () => {
    expect(() => assertNotForged(request('POST', {}), { value: 't', fromCookie: false })).not.toThrow();
  });
});
