import { classifyFailure, DEFAULT_RETRY_MS, HttpAnswer, platformMessage, retryAfterMs } from '../http/provider-http';
import { GRAPH_THROTTLING_CODES, graphErrorOf, INVALID_TOKEN_CODE, regainAccessMs } from '../graph-api/graph-error';
import { ProviderFailure } from '../publish-provider';

/**
 * Throttling: the app (4), the user (17), the Page (32), an API's own limit (613), and the
 * Business Use Case limits that Page tokens are counted under (80001 Pages, and the others of
 * that family that a Page's calls can meet).
 */
const THROTTLING = new Set([...GRAPH_THROTTLING_CODES, 80001, 80002, 80003, 80004, 80005, 80006, 80008, 80009, 80014]);

/** Facebook's own "try again later" (code 2, service temporarily unavailable). */
const TEMPORARILY_UNAVAILABLE = 2;

/** How long to wait after a throttling error whose headers give no time (Facebook counts usage over an hour). */
export const THROTTLED_WITHOUT_ESTIMATE_MS = 5 * 60_000;

/**
 * Facebook's own message: the error's `message`, followed by `error_user_msg` (what Facebook
 * would tell the person) when it says more; the upload host's `debug_info.message`; else the body
 * or the status.
 */
export function facebookMessage(answer: HttpAnswer): string {
  const error = graphErrorOf(answer);
  if (error && typeof error.message === 'string' && error.message.trim()) {
    const userMessage = typeof error.error_user_msg === 'string' ? error.error_user_msg.trim() : '';
    return userMessage && userMessage !== error.message ? `${error.message} ${userMessage}` : error.message;
  }
  if (answer.kind === 'answer' && answer.body && typeof answer.body === 'object') {
    const debug = (answer.body as { debug_info?: { message?: unknown } }).debug_info;
    if (typeof debug?.message === 'string' && debug.message.trim()) return debug.message;
  }
  return platformMessage(answer, ['message', 'error_description', 'error']);
}

/**
 * Classes what Facebook did not accept: an access token it refuses (code 190) asks for the account
 * to be connected again, whatever the HTTP status; throttling (codes 4, 17, 32, 613, 800xx) and
 * transient errors are tried again later, after the usage headers' estimate (or Retry-After);
 * anything else is a refusal with Facebook's own message. `repeatable`: whether sending the same
 * request again cannot publish twice (a journaled step, or a lookup first).
 */
export function facebookFailure(answer: HttpAnswer, repeatable = true): ProviderFailure {
  const message = facebookMessage(answer);
  const error = graphErrorOf(answer);
  if (answer.kind === 'answer' && error) {
    if (error.code === INVALID_TOKEN_CODE) return { kind: 'reauthorize', message };
    if (error.code !== undefined && THROTTLING.has(error.code)) {
      const wait = retryAfterMs(answer.headers['retry-after']) ?? regainAccessMs(answer.headers) ?? THROTTLED_WITHOUT_ESTIMATE_MS;
      return { kind: 'retry_later', message, retryAfterMs: wait };
    }
    if (error.is_transient === true || error.code === TEMPORARILY_UNAVAILABLE) {
      // Facebook answered, so it did not act: asking again later cannot publish twice.
      const wait = retryAfterMs(answer.headers['retry-after']) ?? regainAccessMs(answer.headers) ?? DEFAULT_RETRY_MS;
      return { kind: 'retry_later', message: `${message} (HTTP ${answer.status})`, retryAfterMs: wait };
    }
  }
  const resetMs = answer.kind === 'answer' ? regainAccessMs(answer.headers) : null;
  return classifyFailure(answer, { message, resetMs, repeatable });
}
