import { ApiError } from '../http/api-error';
import { idempotencyScopeOf, parseIdempotencyKey, requestFingerprint } from './idempotency-key';

describe('Idempotency-Key', () => {
  it('takes the key quoted or not', () => {
    expect(parseIdempotencyKey('abc-123')).toBe('abc-123');
    expect(parseIdempotencyKey(' "abc-123" ')).toBe('abc-123');
  });

  it.each(['', '   ', '""', 'x'.repeat(256)])('refuses %p with a 400', (header) => {
    expect(() => parseIdempotencyKey(header)).toThrow(ApiError);
    expect(() => parseIdempotencyKey(header)).toThrow('The Idempotency-Key header must be a string of 1 to 255 characters.');
  });

  it('accepts 255 characters', () => {
    expect(parseIdempotencyKey('k'.repeat(255))).toHaveLength(255);
  });

  it('fingerprints a body whatever the order of its keys, and tells different bodies apart', () => {
    expect(requestFingerprint({ a: 1, b: { c: [1, 2], d: null } })).toBe(requestFingerprint({ b: { d: null, c: [1, 2] }, a: 1 }));
    expect(requestFingerprint({ a: 1 })).not.toBe(requestFingerprint({ a: 2 }));
    expect(requestFingerprint({ a: [1, 2] })).not.toBe(requestFingerprint({ a: [2, 1] }));
    expect(requestFingerprint(undefined)).toBe(requestFingerprint(null));
    expect(requestFingerprint({ a: 1 }, {})).toBe(requestFingerprint({ a: 1 }));
    expect(requestFingerprint({ a: 1 }, { dry_run: 'true' })).not.toBe(requestFingerprint({ a: 1 }));
  });

  it('scopes a key to the route reached, whatever the letter case or trailing slash of the path', () => {
    const ws = '0b9e6c1e-3c3f-4a51-9a43-7f2d8c6f1a10';
    const scope = idempotencyScopeOf('POST', '/api/:workspaceUuid/posts', { workspaceUuid: ws });
    expect(scope).toBe(`POST /api/${ws}/posts`);
    expect(idempotencyScopeOf('post', '/API/:workspaceUuid/POSTS/', { workspaceUuid: ws.toUpperCase() })).toBe(scope);
    expect(idempotencyScopeOf('POST', '/api/:workspaceUuid/accounts', { workspaceUuid: ws })).not.toBe(scope);
    expect(idempotencyScopeOf('POST', '/api/:workspaceUuid/posts/:uuid/approve', { workspaceUuid: ws, uuid: 'A1' })).toBe(`POST /api/${ws}/posts/a1/approve`);
  });

  it('scopes a key of a route that answers a secret to the token that sent it', () => {
    const ofToken = (tokenId: number) => idempotencyScopeOf('POST', '/api/me/tokens', {}, tokenId);
    expect(ofToken(7)).toBe('POST /api/me/tokens token 7');
    expect(ofToken(8)).not.toBe(ofToken(7));
    expect(ofToken(7)).not.toBe(idempotencyScopeOf('POST', '/api/me/tokens', {}));
  });
});
