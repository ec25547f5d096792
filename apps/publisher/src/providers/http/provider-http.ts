import { AsyncLocalStorage } from 'node:async_hooks';
import { isIP } from 'node:net';
import { Agent, Dispatcher, request } from 'undici';
import { findNonPublicAddress, hostOf, NonPublicAddressError, publicOnlyLookup } from '@app/network';
import { ProviderFailure } from '../publish-provider';
import { errorMessage } from '@app/errors';

export interface ProviderHttpOptions {
  /** `PROVIDER_ALLOW_PRIVATE_URLS`: platforms on private, loopback or link-local addresses are reached too. */
  allowPrivateUrls: boolean;
  /** How long one whole exchange with a platform may take: connecting, sending, the headers and the whole body of the answer. */
  timeoutMs: number;
}

/** The largest answer read from a platform; a longer one fails the call (its JSON is a few KB). */
export const MAX_ANSWER_BYTES = 4 * 1024 * 1024;

export const PROVIDER_HTTP_OPTIONS = Symbol('PROVIDER_HTTP_OPTIONS');

/**
 * What came of one request to a platform:
 * - `answer`: a status, headers and the body (parsed when it is JSON);
 * - `not_sent`: no connection (refused, DNS, a non-public address): the platform never saw it;
 * - `no_answer`: sent, but no whole answer in time: the platform may have acted on it;
 * - `too_large`: the answer is longer than MAX_ANSWER_BYTES (it was not read further).
 */
export type HttpAnswer =
  | { kind: 'answer'; status: number; headers: Record<string, string | undefined>; body: unknown }
  | { kind: 'not_sent'; message: string; refusedAddress: boolean }
  | { kind: 'no_answer'; message: string }
  | { kind: 'too_large'; message: string };

export interface HttpCall {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  url: string;
  headers?: Record<string, string>;
  /** One of: a JSON body, a multipart form (files and fields), or raw bytes of a type (a blob upload). */
  json?: unknown;
  form?: FormData;
  bytes?: { data: Buffer; contentType: string };
}

/** The moment (epoch ms) by which every platform call of the work running in it must end. */
const callsDeadline = new AsyncLocalStorage<number>();

/**
 * Runs `work` so that every platform call it makes ends by `deadline` (epoch ms), sooner than its
 * own deadline when that is later: a call still running then gets no answer, and one begun after
 * it is not sent.
 */
export function callsEndingBy<T>(deadline: number, work: () => Promise<T>): Promise<T> {
  return callsDeadline.run(Math.min(deadline, callsDeadline.getStore() ?? Infinity), work);
}

const CONNECT_ERRORS = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'UND_ERR_CONNECT_TIMEOUT']);

/**
 * HTTP to platforms, refusing non-public destinations unless allowed. Every call has one deadline
 * for the whole exchange (undici's own timeouts count per chunk, so a platform dripping a byte now
 * and then would hold a call for ever), and an answer is read up to MAX_ANSWER_BYTES, never
 * buffered further: a larger one (or one whose Content-Length says so) closes the connection.
 */
export class ProviderHttp {
  private readonly dispatcher: Dispatcher;

  constructor(private readonly options: ProviderHttpOptions) {
    this.dispatcher = new Agent({
      connect: options.allowPrivateUrls ? {} : { lookup: publicOnlyLookup },
      headersTimeout: options.timeoutMs,
      bodyTimeout: options.timeoutMs,
    });
  }

  async send(call: HttpCall): Promise<HttpAnswer> {
    const url = new URL(call.url);
    const refused = await this.refusedLiteral(url);
    if (refused) return { kind: 'not_sent', message: refused.message, refusedAddress: true };
    const headers: Record<string, string> = { accept: 'application/json', 'user-agent': 'social-publishing-service', ...call.headers };
    const timeoutMs = Math.min(this.options.timeoutMs, (callsDeadline.getStore() ?? Infinity) - Date.now());
    if (timeoutMs <= 0) return { kind: 'not_sent', message: 'the time for this call had run out', refusedAddress: false };
    try {
      const encoded = await encodedBody(call);
      const signal = AbortSignal.timeout(timeoutMs);
      const response = await request(url, { method: call.method, headers: { ...headers, ...encoded.headers }, body: encoded.body, dispatcher: this.dispatcher, signal });
      const text = await readAnswerText(response);
      if (text === null) return { kind: 'too_large', message: ANSWER_TOO_LARGE };
      const answerHeaders: Record<string, string | undefined> = {};
      for (const [name, value] of Object.entries(response.headers)) answerHeaders[name] = Array.isArray(value) ? value.join(', ') : value;
      return { kind: 'answer', status: response.statusCode, headers: answerHeaders, body: parseBody(text) };
    } catch (error) {
      return failureOf(error, timeoutMs);
    }
  }

  /** An IP literal is connected to without a lookup, so it is checked here. */
  private async refusedLiteral(url: URL): Promise<NonPublicAddressError | null> {
    const host = hostOf(url);
    if (this.options.allowPrivateUrls || !isIP(host)) return null;
    return findNonPublicAddress(host);
  }
}

/** The body of a call with its Content-Type; a form is encoded here (its boundary in the type), so every body has a known length. */
async function encodedBody(call: HttpCall): Promise<{ body?: string | Buffer; headers: Record<string, string> }> {
  if (call.json !== undefined) return { body: JSON.stringify(call.json), headers: { 'content-type': 'application/json' } };
  if (call.bytes) return { body: call.bytes.data, headers: { 'content-type': call.bytes.contentType } };
  if (call.form) {
    const encoded = new Request('http://form.invalid/', { method: 'POST', body: call.form });
    return { body: Buffer.from(await encoded.arrayBuffer()), headers: { 'content-type': encoded.headers.get('content-type')! } };
  }
  return { headers: {} };
}

/**
 * An integer beyond what a double holds exactly (TikTok's post ids are 19-digit JSON numbers) is
 * kept as its digits, a string: as a number its last digits would be lost, naming another post.
 */
const exactIntegers = (_key: string, value: unknown, context?: { source?: string }): unknown =>
  typeof value === 'number' && !Number.isSafeInteger(value) && context?.source !== undefined && /^-?\d+$/.test(context.source) ? context.source : value;

function parseBody(text: string): unknown {
  if (text === '') return null;
  try {
    return JSON.parse(text, exactIntegers);
  } catch {
    return text;
  }
}

const ANSWER_TOO_LARGE = `The platform's answer is larger than ${MAX_ANSWER_BYTES / 1024 / 1024} MiB.`;

/**
 * The body as text, read chunk by chunk up to MAX_ANSWER_BYTES; null when it is longer (or its
 * Content-Length says it is), after the body was destroyed, which closes the connection.
 */
async function readAnswerText(response: Dispatcher.ResponseData): Promise<string | null> {
  const declared = Number(response.headers['content-length']);
  if (Number.isFinite(declared) && declared > MAX_ANSWER_BYTES) {
    response.body.destroy();
    return null;
  }
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of response.body) {
    length += (chunk as Buffer).length;
    if (length > MAX_ANSWER_BYTES) {
      response.body.destroy();
      return null;
    }
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks, length).toString('utf8');
}

function failureOf(error: unknown, timeoutMs: number): HttpAnswer {
  const name = (error as { name?: unknown } | null)?.name;
  if (name === 'TimeoutError' || name === 'AbortError') {
    return { kind: 'no_answer', message: `no whole answer within ${Math.round(timeoutMs)} ms` };
  }
  const cause = (error as { cause?: unknown }).cause ?? error;
  if (cause instanceof NonPublicAddressError || error instanceof NonPublicAddressError) {
    return { kind: 'not_sent', message: (cause as Error).message, refusedAddress: true };
  }
  const code = String((cause as { code?: unknown }).code ?? (error as { code?: unknown }).code ?? '');
  const message = errorMessage(error);
  if (CONNECT_ERRORS.has(code)) return { kind: 'not_sent', message: `${code}: ${message}`, refusedAddress: false };
  return { kind: 'no_answer', message: code ? `${code}: ${message}` : message };
}

/** The wait a `Retry-After` header asks for (seconds or an HTTP date), in ms; null without one. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | null {
  if (!value) return null;
  const seconds = Number(value);
  if (Number.isFinite(seconds)) return Math.max(0, Math.ceil(seconds * 1000));
  const date = Date.parse(value);
  return Number.isNaN(date) ? null : Math.max(0, date - now);
}

/** How to class what a platform did not accept; the adapter supplies what only it knows. */
export interface FailureContext {
  /** The platform's own message, from its error body. */
  message: string;
  /** The platform's reset header, read by the adapter, in ms from now; used when there is no Retry-After. */
  resetMs?: number | null;
  /** Whether sending the same request again cannot publish twice (idempotency key, fixed record key). */
  repeatable: boolean;
}

/** When neither Retry-After nor a reset header says how long to wait. */
export const DEFAULT_RETRY_MS = 1_000;

/** Classes a failed call: 429 and 5xx are passing, 401 refuses the credentials, anything else is a refusal. */
export function classifyFailure(answer: HttpAnswer, context: FailureContext): ProviderFailure {
  switch (answer.kind) {
    case 'too_large':
      return { kind: 'rejected', message: answer.message, answerTooLarge: true };
    case 'not_sent':
      if (answer.refusedAddress) return { kind: 'rejected', message: `The provider URL is not allowed: ${answer.message}`, refusedAddress: true };
      return { kind: 'retry_later', message: `The platform could not be reached: ${answer.message}`, retryAfterMs: DEFAULT_RETRY_MS };
    case 'no_answer':
      return context.repeatable
        ? { kind: 'retry_later', message: `The platform did not answer in time: ${answer.message}`, retryAfterMs: DEFAULT_RETRY_MS }
        : {
            kind: 'unknown',
            message: `The platform did not answer in time (${answer.message}); the post may have been published, so it is not sent again.`,
          };
    case 'answer': {
      const { status, headers } = answer;
      if (status === 429 || status === 408 || status >= 500) {
        const wait = retryAfterMs(headers['retry-after']) ?? context.resetMs ?? DEFAULT_RETRY_MS;
        return { kind: 'retry_later', message: `${context.message} (HTTP ${status})`, retryAfterMs: wait };
      }
      if (status === 401) return { kind: 'reauthorize', message: context.message };
      return { kind: 'rejected', message: context.message };
    }
  }
}

/** The first string among the named fields of a JSON error body, else the body as text, else the status. */
export function platformMessage(answer: HttpAnswer, fields: readonly string[]): string {
  if (answer.kind !== 'answer') return answer.message;
  const body = answer.body;
  if (body && typeof body === 'object') {
    for (const field of fields) {
      const value = (body as Record<string, unknown>)[field];
      if (typeof value === 'string' && value.trim()) return value;
    }
  }
  if (typeof body === 'string' && body.trim()) return body.slice(0, 500);
  return `HTTP ${answer.status}`;
}
