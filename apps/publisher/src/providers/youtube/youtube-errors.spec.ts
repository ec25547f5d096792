import { HttpAnswer } from '../http/provider-http';
import { nextMidnightIn, reasonOf, youtubeFailure, youtubeMessage } from './youtube-errors';

const answer = (status: number, body: unknown, headers: Record<string, string> = {}): HttpAnswer => ({ kind: 'answer', status, headers, body });
const googleError = (status: number, reason: string, message: string, domain = 'youtube.video') => answer(status, { error: { code: status, message, errors: [{ message, domain, reason }] } });

describe('YouTube errors', () => {
  it('reads Google’s message as text and its reason; a body of another shape gives its message or the status, never an object', () => {
    const quota = googleError(403, 'quotaExceeded', 'The request cannot be completed because you have exceeded your <a href="/youtube/v3/getting-started#quota">quota</a>.', 'youtube.quota');
    expect(youtubeMessage(quota)).toBe('The request cannot be completed because you have exceeded your quota.');
    expect(reasonOf(quota)).toBe('quotaExceeded');
    expect(youtubeMessage(answer(429, { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' }))).toBe('Rate Limit Exceeded');
    expect(youtubeMessage(answer(400, { error: 'invalid_grant', error_description: 'Bad Request' }))).toBe('Bad Request');
    expect(youtubeMessage(answer(502, { error: { code: 502 } }))).toBe('HTTP 502');
    expect(reasonOf(answer(502, null))).toBeNull();
  });

  it('classes a spent quota and rate limits as passing, an upload limit as a refusal, a 5xx as passing', () => {
    const now = Date.UTC(2026, 5, 1, 12);
    expect(youtubeFailure(googleError(403, 'quotaExceeded', 'Over quota.', 'youtube.quota'), now)).toEqual({ kind: 'retry_later', message: 'Over quota.', retryAfterMs: Date.UTC(2026, 5, 2, 7) - now });
    expect(youtubeFailure(googleError(403, 'userRateLimitExceeded', 'User Rate Limit Exceeded', 'usageLimits'), now)).toEqual({ kind: 'retry_later', message: 'User Rate Limit Exceeded', retryAfterMs: 60_000 });
    expect(youtubeFailure(answer(403, { error: { code: 403, message: 'Rate Limit Exceeded', errors: [{ reason: 'rateLimitExceeded' }] } }, { 'retry-after': '7' }), now)).toMatchObject({ retryAfterMs: 7_000 });
    expect(youtubeFailure(googleError(400, 'uploadLimitExceeded', 'The user has exceeded the number of videos they may upload.'))).toEqual({ kind: 'rejected', message: 'The user has exceeded the number of videos they may upload.' });
    expect(youtubeFailure(googleError(403, 'forbidden', 'Forbidden'))).toEqual({ kind: 'rejected', message: 'Forbidden' });
    expect(youtubeFailure(googleError(503, 'backendError', 'Backend Error', 'global'))).toMatchObject({ kind: 'retry_later', message: 'Backend Error (HTTP 503)' });
    expect(youtubeFailure({ kind: 'no_answer', message: 'no whole answer within 1000 ms' })).toMatchObject({ kind: 'retry_later' });
  });

  it('finds the next midnight in Pacific time across the clock changes', () => {
    const pacific = 'America/Los_Angeles';
    // Noon PST on the day the clocks go forward (8 March 2026): the next midnight is still PST.
    expect(nextMidnightIn(pacific, Date.UTC(2026, 2, 7, 20))).toBe(Date.UTC(2026, 2, 8, 8));
    // After the change: PDT.
    expect(nextMidnightIn(pacific, Date.UTC(2026, 2, 8, 12))).toBe(Date.UTC(2026, 2, 9, 7));
    // The evening before the clocks go back (1 November 2026), in PDT; then that day, 25 hours long, in PST.
    expect(nextMidnightIn(pacific, Date.UTC(2026, 10, 1, 6, 30))).toBe(Date.UTC(2026, 10, 1, 7));
    expect(nextMidnightIn(pacific, Date.UTC(2026, 10, 1, 7)) - Date.UTC(2026, 10, 1, 7)).toBe(25 * 3_600_000);
    // A minute before midnight: a minute.
    expect(nextMidnightIn(pacific, Date.UTC(2026, 5, 2, 6, 59)) - Date.UTC(2026, 5, 2, 6, 59)).toBe(60_000);
  });
});
