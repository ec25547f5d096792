import { classifyFailure, DEFAULT_RETRY_MS, HttpAnswer, platformMessage, retryAfterMs } from './provider-http';

const answer = (status: number, headers: Record<string, string> = {}, body: unknown = null): HttpAnswer => ({ kind: 'answer', status, headers, body });

describe('retryAfterMs', () => {
  const now = Date.parse('2026-11-24T09:00:00Z');

  it('reads seconds and HTTP dates, and nothing else', () => {
    expect(retryAfterMs('7', now)).toBe(7_000);
    expect(retryAfterMs('0.25', now)).toBe(250);
    expect(retryAfterMs('Tue, 24 Nov 2026 09:01:00 GMT', now)).toBe(60_000);
    expect(retryAfterMs('Tue, 24 Nov 2026 08:00:00 GMT', now)).toBe(0);
    expect(retryAfterMs(undefined, now)).toBeNull();
    expect(retryAfterMs('soon', now)).toBeNull();
  });
});

describe('classifyFailure', () => {
  const context = { message: 'The platform said no', repeatable: true };

  it('tries again later after a 429 or a 5xx, as long as Retry-After says, else the reset header, else a default', () => {
    expect(classifyFailure(answer(429, { 'retry-after': '3' }), { ...context, resetMs: 60_000 })).toEqual({ kind: 'retry_later', message: 'The platform said no (HTTP 429)', retryAfterMs: 3_000 });
    expect(classifyFailure(answer(429), { ...context, resetMs: 60_000 })).toMatchObject({ kind: 'retry_later', retryAfterMs: 60_000 });
    expect(classifyFailure(answer(503), context)).toMatchObject({ kind: 'retry_later', retryAfterMs: DEFAULT_RETRY_MS });
    expect(classifyFailure(answer(500), context)).toMatchObject({ kind: 'retry_later' });
  });

  it('asks to reconnect on a 401 and rejects any other refusal with the platform’s message', () => {
    expect(classifyFailure(answer(401), context)).toEqual({ kind: 'reauthorize', message: 'The platform said no' });
    expect(classifyFailure(answer(422), context)).toEqual({ kind: 'rejected', message: 'The platform said no' });
    expect(classifyFailure(answer(400), context)).toEqual({ kind: 'rejected', message: 'The platform said no' });
  });

  it('tries again after no connection; after a lost answer only when sending again cannot post twice', () => {
    expect(classifyFailure({ kind: 'not_sent', message: 'ECONNREFUSED', refusedAddress: false }, context)).toMatchObject({ kind: 'retry_later' });
    expect(classifyFailure({ kind: 'no_answer', message: 'Headers Timeout Error' }, context)).toMatchObject({ kind: 'retry_later' });
    expect(classifyFailure({ kind: 'no_answer', message: 'Headers Timeout Error' }, { ...context, repeatable: false })).toMatchObject({ kind: 'unknown' });
  });

  it('refuses an answer over the size limit with its own message, whatever the context', () => {
    expect(classifyFailure({ kind: 'too_large', message: "The platform's answer is larger than 4 MiB." }, context)).toEqual({
      kind: 'rejected',
      message: "The platform's answer is larger than 4 MiB.",
      answerTooLarge: true,
    });
  });

  it('rejects a call the service refused to make to a non-public address, saying so', () => {
    expect(classifyFailure({ kind: 'not_sent', message: 'localhost resolves to 127.0.0.1, a loopback address', refusedAddress: true }, context)).toEqual({
      kind: 'rejected',
      message: 'The provider URL is not allowed: localhost resolves to 127.0.0.1, a loopback address',
      refusedAddress: true,
    });
  });
});

describe('platformMessage', () => {
  it('takes the first named field of a JSON error, else the text, else the status', () => {
    expect(platformMessage(answer(422, {}, { error: 'Validation failed' }), ['message', 'error'])).toBe('Validation failed');
    expect(platformMessage(answer(502, {}, '<html>Bad gateway</html>'), ['error'])).toBe('<html>Bad gateway</html>');
    expect(platformMessage(answer(500), ['error'])).toBe('HTTP 500');
  });
});
