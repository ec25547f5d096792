import { HttpAnswer } from '../http/provider-http';
import { breakOf, jsonErrorsOf, redditFailure, refusalOf } from './reddit-errors';

describe('Reddit errors', () => {
  const answer = (status: number, body: unknown, headers: Record<string, string> = {}): HttpAnswer => ({ kind: 'answer', status, headers, body });

  it('reads the wait of a RATELIMIT message in Reddit’s words', () => {
    expect(breakOf("Looks like you've been doing that a lot. Take a break for 9 minutes before trying again.")).toBe(540_000);
    expect(breakOf('Take a break for 30 seconds before trying again.')).toBe(30_000);
    expect(breakOf('Take a break for a minute before trying again.')).toBe(60_000);
    expect(breakOf('you are doing that too much. try again later.')).toBeNull();
  });

  it('gives every refusal with its code and field; RATELIMIT is a wait, a message without one a minute', () => {
    expect(refusalOf([['SUBREDDIT_NOEXIST', "that subreddit doesn't exist", 'sr'], ['NO_TEXT', 'we need something here', 'title']])).toEqual({
      kind: 'rejected',
      message: "that subreddit doesn't exist [SUBREDDIT_NOEXIST: sr]; we need something here [NO_TEXT: title]",
    });
    expect(refusalOf([['RATELIMIT', 'you are doing that too much. try again later.', 'ratelimit']])).toEqual({ kind: 'retry_later', message: 'you are doing that too much. try again later. [RATELIMIT: ratelimit]', retryAfterMs: 60_000 });
  });

  it('reads json.errors of a 200 only: none when Reddit took the call, null for another answer', () => {
    expect(jsonErrorsOf(answer(200, { json: { errors: [], data: { id: 'a' } } }))).toEqual([]);
    expect(jsonErrorsOf(answer(200, { json: { errors: [['BAD_SR_NAME', "that name isn't going to work", 'sr']] } }))).toEqual([['BAD_SR_NAME', "that name isn't going to work", 'sr']]);
    expect(jsonErrorsOf(answer(403, { message: 'Forbidden', error: 403 }))).toBeNull();
  });

  it('waits for the window’s reset after a 429 (seconds from now) and asks to connect again after a 401', () => {
    expect(redditFailure(answer(429, { message: 'Too Many Requests', error: 429 }, { 'x-ratelimit-reset': '42' }))).toEqual({ kind: 'retry_later', message: 'Too Many Requests (HTTP 429)', retryAfterMs: 42_000 });
    expect(redditFailure(answer(401, { message: 'Unauthorized', error: 401 }))).toEqual({ kind: 'reauthorize', message: 'Unauthorized' });
    expect(redditFailure(answer(403, { message: 'Forbidden', error: 403 }))).toEqual({ kind: 'rejected', message: 'Forbidden' });
  });
});
