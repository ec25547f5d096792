import { createHash } from 'node:crypto';
import { ApiError } from '../http/api-error';

export const IdempotencyMessages = {
  invalidKey: 'The Idempotency-Key header must be a string of 1 to 255 characters.',
  reusedWithOtherRequest: 'The idempotency key was already used with another request.',
  stillProcessing: 'A request with this idempotency key is still being processed.',
} as const;

const MAX_KEY_LENGTH = 255;

/** The key of an `Idempotency-Key` header, quoted or not (RFC 8941 string or a bare token). */
export function parseIdempotencyKey(header: string | string[]): string {
  const raw = (Array.isArray(header) ? header.join(',') : header).trim();
  const key = raw.length >= 2 && raw.startsWith('"') && raw.endsWith('"') ? raw.slice(1, -1) : raw;
  if (key.length === 0 || key.length > MAX_KEY_LENGTH) throw new ApiError(400, IdempotencyMessages.invalidKey);
  return key;
}

/** Route metadata (set by `@Idempotent({ answersSecret: true })`): the route's keys are scoped to the token, not to its user. */
export const KEYS_OF_THE_TOKEN = 'idempotency:keys-of-the-token';

/**
 * What a key is scoped to besides its user: the route the request reached, with its parameters
 * written in one way. Routing ignores the letter case of a path and a trailing slash, and every
 * path parameter of the API is a uuid or a number, so `/api/{ws}/POSTS/` and `/api/{ws}/posts`
 * are one scope. `routePattern` is the route's pattern (`/api/:workspaceUuid/posts`). With
 * `tokenId` (a route whose answer holds a secret), the scope is that token's alone.
 */
export function idempotencyScopeOf(method: string, routePattern: string, params: Readonly<Record<string, string | undefined>>, tokenId?: number): string {
  const path = routePattern.replace(/:([A-Za-z0-9_]+)/g, (_, name: string) => (params[name] ?? '').trim().toLowerCase());
  const route = `${method.toUpperCase()} ${path.toLowerCase().replace(/\/+$/, '')}`;
  return tokenId === undefined ? route : `${route} token ${tokenId}`;
}

/**
 * A digest of the request body that does not depend on the order of its keys, and of its query
 * when it has one (`?dry_run=true` asks for another answer than the same body without it).
 */
export function requestFingerprint(body: unknown, query: Readonly<Record<string, unknown>> = {}): string {
  const request = Object.keys(query).length === 0 ? body : { body, query };
  return createHash('sha256').update(canonicalJson(request)).digest('hex');
}

function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.keys(value)
      .sort()
      .map((key) => `${JSON.stringify(key)}:${canonicalJson((value as Record<string, unknown>)[key])}`);
    return `{${entries.join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}
