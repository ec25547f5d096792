import { classifyFailure, DEFAULT_RETRY_MS, HttpAnswer, platformMessage, retryAfterMs } from '../http/provider-http';
import { GRAPH_THROTTLING_CODES, graphErrorOf, INVALID_TOKEN_CODE } from '../graph-api/graph-error';
import { ProviderFailure } from '../publish-provider';

/** Codes of the Graph API's throttling: the app's, the user's, a page's or an API's call count is used up. */
const THROTTLING_CODES: ReadonlySet<number> = new Set(GRAPH_THROTTLING_CODES);

/**
 * How long to wait when Threads throttles without saying for how long: call counts are kept over
 * a rolling window, so a retry within seconds would be refused again.
 */
export const THROTTLED_RETRY_MS = 5 * 60_000;

/** The Graph error's code, or null when the answer carries none. */
export function graphErrorCode(answer: HttpAnswer): number | null {
  const code = graphErrorOf(answer)?.code;
  return typeof code === 'number' ? code : null;
}

/**
 * Threads' own message: the Graph error's `message`, with `error_user_msg` (what it tells the
 * person) after it when it says more; else a message field of the body, or the status.
 */
export function threadsMessage(answer: HttpAnswer): string {
  const error = graphErrorOf(answer);
  if (typeof error?.message === 'string' && error.message) {
    const told = typeof error.error_user_msg === 'string' ? error.error_user_msg.trim() : '';
    return told && told !== error.message ? `${error.message}: ${told}` : error.message;
  }
  return platformMessage(answer, ['message', 'error_description', 'error', 'error_message']);
}

/**
 * Classes a failed call to Threads. A refused token (code 190, whatever the status) asks for the
 * account to be connected again; throttling (codes 4, 17, 32, 613) and errors Threads marks
 * `is_transient` are passing; 429 and 5xx as everywhere (Threads sends no reset header of its
 * own: `Retry-After` when there is one). Every request of a publish may be made again: the
 * journal and the container's status resolve a lost answer, so none is ever published twice.
 */
export function threadsFailure(answer: HttpAnswer): ProviderFailure {
  const message = threadsMessage(answer);
  const error = graphErrorOf(answer);
  const code = graphErrorCode(answer);
  if (code === INVALID_TOKEN_CODE) return { kind: 'reauthorize', message };
  if (answer.kind === 'answer' && answer.status < 500 && answer.status !== 429) {
    const throttled = code !== null && THROTTLING_CODES.has(code);
    if (throttled || error?.is_transient === true) {
      const wait = retryAfterMs(answer.headers['retry-after']) ?? (throttled ? THROTTLED_RETRY_MS : DEFAULT_RETRY_MS);
      return { kind: 'retry_later', message: `${message} (HTTP ${answer.status})`, retryAfterMs: wait };
    }
  }
  return classifyFailure(answer, { message, resetMs: null, repeatable: true });
}
