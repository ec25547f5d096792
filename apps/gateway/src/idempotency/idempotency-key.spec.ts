import { ApiError } from '../http/api-error';
import { parseIdempotencyKey, requestFingerprint } from './idempotency-key';

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
  });
});
