import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { IncomingHttpHeaders } from 'node:http';
import { Messages } from '@app/contracts';
import { badRequest } from './api-error';

/** Over it Fastify answers 413 before any route runs (worded by errorResponseOf). */
export const BODY_LIMIT_BYTES = 1024 * 1024;
/** Deepest nesting of objects and arrays a body may have; no field of the API needs a tenth of it. */
export const MAX_BODY_DEPTH = 32;

/** The limit of the one route that takes a table (an import of up to 500 posts), as CSV or a JSON array. */
export const TABLE_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

const JSON_TYPE = 'application/json';
const CSV_TYPE = 'text/csv';

export interface BodyRoutes {
  /** The one route that takes a `multipart/form-data` body (a media upload). */
  multipartRoute?: (method: string, url: string) => boolean;
  /**
   * The one route that takes a table: its body may be CSV (`text/csv`, read as text) or a JSON
   * array (kept as the array), up to TABLE_BODY_LIMIT_BYTES.
   */
  tableRoute?: (method: string, url: string) => boolean;
}

/**
 * Reads every request body as JSON, whatever its Content-Type claims (a missing or malformed one
 * included; browser-request-rules.ts has refused before this a body not declared JSON from a
 * client without a bearer token): a body that is not JSON is a 400 before any route runs. A JSON value that is not an
 * object carries no fields, so it is read as `{}` and the route's validation names what is
 * missing; so is an empty body, or none at all.
 *
 * Fastify picks a parser by Content-Type and refuses the types it has none for (415), so the
 * header of a request with a body is set to JSON before routing, and JSON is the only parser.
 * The app must come from createHttpApp (Nest's own parsers off). A route named by `multipartRoute`
 * keeps a `multipart/form-data` body (a media upload); the `tableRoute` keeps CSV and JSON arrays.
 */
export function readBodiesAsJson(app: NestFastifyApplication, options: BodyRoutes = {}): void {
  const fastify = app.getHttpAdapter().getInstance();
  const isTableRoute = (method: string, url: string): boolean => options.tableRoute?.(method, url) ?? false;
  fastify.removeAllContentTypeParsers();
  fastify.addHook('onRoute', (route) => {
    if ([route.method].flat().some((method) => isTableRoute(method, route.url))) route.bodyLimit = TABLE_BODY_LIMIT_BYTES;
  });
  fastify.addContentTypeParser(CSV_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (_request, text, done) => done(null, text));
  fastify.addContentTypeParser(JSON_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT_BYTES }, (request, text, done) => {
    const body = isTableRoute(request.method, request.url) ? parseJsonValue(text as string) : parseJsonObject(text as string);
    if (body === null) done(badRequest(Messages.invalidJson), undefined);
    else if (!withinDepthDroppingProtoKeys(body, MAX_BODY_DEPTH)) done(badRequest(Messages.bodyTooDeep), undefined);
    else done(null, body);
  });
  fastify.addHook('onRequest', (request, _reply, done) => {
    request.body = {};
    // The one route that takes a file keeps its multipart body (read by @fastify/multipart).
    if (isMultipart(request.headers) && options.multipartRoute?.(request.method, request.url)) return done();
    if (isCsv(request.headers) && isTableRoute(request.method, request.url)) return done();
    if (hasBody(request.headers)) request.headers['content-type'] = JSON_TYPE;
    done();
  });
}

/** The fields of a JSON body (`{}` when it is not an object), or null when it is not JSON. */
export function parseJsonObject(text: string): object | null {
  const parsed = parseJsonValue(text);
  if (parsed === null) return null;
  return Array.isArray(parsed) ? {} : parsed;
}

/** A JSON body that is an object or an array (`{}` when it is anything else), or null when it is not JSON. */
function parseJsonValue(text: string): object | null {
  if (text.trim() === '') return {};
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    return null;
  }
  return typeof parsed === 'object' && parsed !== null ? parsed : {};
}

/**
 * Whether `value` nests at most `maxDepth` objects and arrays, walked without recursion; on the way
 * it removes `__proto__` keys, so that no later merge of the body can reach a prototype.
 */
export function withinDepthDroppingProtoKeys(value: object, maxDepth: number): boolean {
  const pending: Array<[object, number]> = [[value, 1]];
  while (pending.length > 0) {
    const [node, depth] = pending.pop()!;
    if (depth > maxDepth) return false;
    if (!Array.isArray(node) && Object.prototype.hasOwnProperty.call(node, '__proto__')) delete (node as Record<string, unknown>)['__proto__'];
    for (const child of Object.values(node)) if (typeof child === 'object' && child !== null) pending.push([child, depth + 1]);
  }
  return true;
}

const isMultipart = (headers: IncomingHttpHeaders): boolean => /^multipart\/form-data\s*;/i.test(headers['content-type'] ?? '');
export const isCsv = (headers: IncomingHttpHeaders): boolean => /^text\/csv\s*(;|$)/i.test(headers['content-type'] ?? '');

/** As Fastify decides whether there is a body to parse. */
export function hasBody(headers: IncomingHttpHeaders): boolean {
  const length = headers['content-length'];
  return headers['transfer-encoding'] !== undefined || (length !== undefined && length !== '0');
}
