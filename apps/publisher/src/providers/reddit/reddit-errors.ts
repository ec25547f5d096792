import { classifyFailure, HttpAnswer, platformMessage } from '../http/provider-http';
import { ProviderFailure } from '../publish-provider';

/** One refusal of a submit or a comment: `[code, message, field]` (`["SUBREDDIT_NOEXIST", "that subreddit doesn't exist", "sr"]`). */
export type RedditError = readonly [code: string, message: string, field?: string];

/**
 * Reddit answers a refused call with `{message, error}` (`{"message": "Unauthorized", "error":
 * 401}`); the token endpoint with `{error}`; a blocked client sometimes with an HTML page.
 */
export const redditMessage = (answer: HttpAnswer): string => platformMessage(answer, ['message', 'error', 'reason']);

/**
 * A call Reddit did not accept, classed; a 429 waits until the window's reset (`x-ratelimit-reset`,
 * seconds from now). Every publishing call may be sent again: each is journaled and looked up
 * among the account's posts or comments before it is made again.
 */
export function redditFailure(answer: HttpAnswer): ProviderFailure {
  const reset = answer.kind === 'answer' ? Number(answer.headers['x-ratelimit-reset']) : NaN;
  return classifyFailure(answer, { message: redditMessage(answer), resetMs: Number.isFinite(reset) ? Math.max(0, reset * 1000) : null, repeatable: true });
}

/** The `json.errors` of a 200 answer to a form call with `api_type=json`; empty when Reddit took it, null for any other answer. */
export function jsonErrorsOf(answer: HttpAnswer): RedditError[] | null {
  if (answer.kind !== 'answer' || answer.status !== 200) return null;
  const errors = (answer.body as { json?: { errors?: unknown } } | null)?.json?.errors;
  if (!Array.isArray(errors)) return null;
  return errors.filter((error): error is RedditError => Array.isArray(error) && typeof error[0] === 'string').map(([code, message, field]) => [code, String(message ?? code), typeof field === 'string' ? field : undefined]);
}

/**
 * Reddit's refusal in its own words: each error's message with its code and the field it is
 * about (`that subreddit doesn't exist [SUBREDDIT_NOEXIST: sr]`). A RATELIMIT refusal ("Take a
 * break for 5 minutes before trying again.") is a wait of that long.
 */
export function refusalOf(errors: readonly RedditError[]): ProviderFailure {
  const message = errors.map(([code, text, field]) => `${text} [${code}${field ? `: ${field}` : ''}]`).join('; ');
  const limited = errors.find(([code]) => code === 'RATELIMIT');
  if (limited) return { kind: 'retry_later', message, retryAfterMs: breakOf(limited[1]) ?? RATELIMIT_DEFAULT_MS };
  return { kind: 'rejected', message };
}

/** When a RATELIMIT message names no wait Reddit's way: a minute. */
const RATELIMIT_DEFAULT_MS = 60_000;

const UNIT_MS: Record<string, number> = { millisecond: 1, second: 1_000, minute: 60_000, hour: 3_600_000 };

/** The wait a RATELIMIT message asks for ("Take a break for 9 minutes", "for 30 seconds", "for a minute"), in ms. */
export function breakOf(message: string): number | null {
  const found = /\b(\d+|an?)\s+(millisecond|second|minute|hour)s?\b/i.exec(message);
  if (!found) return null;
  const amount = /^an?$/i.test(found[1]) ? 1 : Number(found[1]);
  return amount * UNIT_MS[found[2].toLowerCase()];
}
