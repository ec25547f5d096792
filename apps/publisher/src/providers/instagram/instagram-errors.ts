import { classifyFailure, DEFAULT_RETRY_MS, HttpAnswer, platformMessage } from '../http/provider-http';
import { GRAPH_THROTTLING_CODES, graphErrorOf, INVALID_TOKEN_CODE, regainAccessMs } from '../graph-api/graph-error';
import { ProviderFailure } from '../publish-provider';

/** Throttling: the app's, the account's, the Page's, a custom one (Graph API rate-limit codes). */
const RATE_LIMIT_CODES: ReadonlySet<number> = new Set(GRAPH_THROTTLING_CODES);
/** Temporary failures of the platform: an unknown error, the service unavailable. */
const TRANSIENT_CODES = new Set([1, 2]);
/** The daily limit of posts published through the API (code 9). */
const PUBLISH_LIMIT_SUBCODE = 2207042;
/** How long to wait when the account reached its publishing limit: it is counted over a rolling day. */
export const PUBLISH_LIMIT_WAIT_MS = 60 * 60_000;

const text = (value: unknown): string | null => (typeof value === 'string' && value.trim() ? value : null);

/**
 * Instagram's own words for a failed call: the error's message for the user (`error_user_msg`)
 * where it gives one, else its `message`; the token endpoint's `error_message`; another body's
 * message or text (a proxy's, a gateway's); never an object printed as `[object Object]`.
 */
export function instagramMessage(answer: HttpAnswer): string {
  const error = graphErrorOf(answer);
  const own = error ? (text(error.error_user_msg) ?? text(error.message)) : null;
  return own ?? platformMessage(answer, ['error_message', 'message', 'error_description', 'error']);
}

/**
 * Classes a failed Graph API call: an invalid or expired token (code 190) asks for the account to
 * be connected again; throttling (codes 4, 17, 32, 613, and a 429), a transient error and the
 * daily publishing limit wait (the usage header's time, when it gives one); a 5xx or a dropped
 * connection waits too; anything else is a refusal with Instagram's message. `repeatable`: whether
 * sending the request again cannot publish twice (see classifyFailure).
 */
export function instagramFailure(answer: HttpAnswer, repeatable = true): ProviderFailure {
  const message = instagramMessage(answer);
  const error = graphErrorOf(answer);
  const code = Number(error?.code);
  // Instagram's waits are in the Business Use Case usage header.
  const resetMs = answer.kind === 'answer' ? regainAccessMs(answer.headers, ['x-business-use-case-usage']) : null;
  if (code === INVALID_TOKEN_CODE) return { kind: 'reauthorize', message };
  if (code === 9 && Number(error?.error_subcode) === PUBLISH_LIMIT_SUBCODE) return { kind: 'retry_later', message, retryAfterMs: resetMs ?? PUBLISH_LIMIT_WAIT_MS };
  if (RATE_LIMIT_CODES.has(code) || TRANSIENT_CODES.has(code) || error?.is_transient === true) return { kind: 'retry_later', message, retryAfterMs: resetMs ?? DEFAULT_RETRY_MS };
  return classifyFailure(answer, { message, resetMs, repeatable });
}

/** The token endpoints refuse a code or a token with a definite refusal (never `reauthorize`: there is no account yet). */
export function instagramTokenFailure(answer: HttpAnswer): ProviderFailure {
  const failure = instagramFailure(answer);
  return failure.kind === 'reauthorize' ? { kind: 'rejected', message: failure.message } : failure;
}
