import { wallClockAt, zonedTimeToInstant } from '@app/domain';
import { classifyFailure, HttpAnswer, platformMessage, retryAfterMs } from '../http/provider-http';
import { ProviderFailure } from '../publish-provider';

/** Google's error body: `{error: {code, message, errors: [{message, domain, reason}]}}`. */
interface GoogleErrorBody {
  error?: { code?: unknown; message?: unknown; errors?: Array<{ message?: unknown; domain?: unknown; reason?: unknown }> };
}

/** The reasons of a spent quota or a rate limit: passing, not refusals (Google answers them 403). */
const QUOTA_REASONS = new Set(['quotaExceeded', 'dailyLimitExceeded']);
const RATE_LIMIT_REASONS = new Set(['rateLimitExceeded', 'userRateLimitExceeded']);

/** Where the Data API's daily quota resets: midnight Pacific Time. */
const QUOTA_TIME_ZONE = 'America/Los_Angeles';

/** How long to wait after a rate limit that says no time (Google asks for an exponential backoff). */
export const RATE_LIMIT_WAIT_MS = 60_000;

const errorOf = (answer: HttpAnswer): GoogleErrorBody['error'] | null => {
  if (answer.kind !== 'answer' || !answer.body || typeof answer.body !== 'object') return null;
  const error = (answer.body as GoogleErrorBody).error;
  return error && typeof error === 'object' ? error : null;
};

/** The first reason Google gives for the error (`quotaExceeded`, `uploadLimitExceeded`, `authError`), or null. */
export function reasonOf(answer: HttpAnswer): string | null {
  const reason = errorOf(answer)?.errors?.find((entry) => typeof entry.reason === 'string')?.reason;
  return typeof reason === 'string' ? reason : null;
}

/** Google's message for the error, as text (its quota message holds a link). */
export function youtubeMessage(answer: HttpAnswer): string {
  const error = errorOf(answer);
  const first = error?.errors?.find((entry) => typeof entry.message === 'string')?.message;
  const message = typeof error?.message === 'string' && error.message.trim() ? error.message : first;
  if (typeof message === 'string' && message.trim()) return message.replace(/<[^>]*>/g, '');
  return platformMessage(answer, ['error_description', 'message', 'error']);
}

/**
 * A failed call classed: a spent quota waits until it resets (midnight Pacific), a rate limit for
 * its Retry-After or a minute, a 5xx or a 429 as usual; 401 asks for the account again (after the
 * one refresh the caller made), anything else is a refusal with Google's message (an upload limit
 * reached, an invalid title). Every call may be made again: the upload resumes its session and a
 * comment is looked up first, so an answer that did not come back is passing too.
 */
export function youtubeFailure(answer: HttpAnswer, now = Date.now()): ProviderFailure {
  const message = youtubeMessage(answer);
  if (answer.kind === 'answer' && answer.status === 403) {
    const reason = reasonOf(answer);
    if (reason && QUOTA_REASONS.has(reason)) return { kind: 'retry_later', message, retryAfterMs: nextMidnightIn(QUOTA_TIME_ZONE, now) - now };
    if (reason && RATE_LIMIT_REASONS.has(reason)) return { kind: 'retry_later', message, retryAfterMs: retryAfterMs(answer.headers['retry-after'], now) ?? RATE_LIMIT_WAIT_MS };
  }
  return classifyFailure(answer, { message, resetMs: null, repeatable: true });
}

/** The instant (epoch ms) of the next midnight on the wall clocks of `timeZone`, after `now`. */
export function nextMidnightIn(timeZone: string, now: number): number {
  const today = wallClockAt(timeZone, now);
  const tomorrow = new Date(Date.UTC(today.year, today.month - 1, today.day + 1));
  return zonedTimeToInstant({ year: tomorrow.getUTCFullYear(), month: tomorrow.getUTCMonth() + 1, day: tomorrow.getUTCDate() }, { hour: 0, minute: 0 }, timeZone).getTime();
}
