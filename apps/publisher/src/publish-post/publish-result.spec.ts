import { nextStep } from './publish-result';

const policy = { maxRetries: 3, maxRetryDelayMs: 10_000 };

describe('nextStep', () => {
  it('reports a success as published with the external id and url', () => {
    expect(nextStep({ kind: 'published', externalId: 'x1', externalUrl: 'https://example.test/x1' }, 0, policy)).toEqual({
      kind: 'report',
      result: { outcome: 'published', externalId: 'x1', externalUrl: 'https://example.test/x1', errors: [] },
    });
  });

  it('reports a rejection as failed with its message, without retrying', () => {
    expect(nextStep({ kind: 'rejected', message: 'Duplicate post.' }, 0, policy)).toEqual({
      kind: 'report',
      result: { outcome: 'failed', externalId: null, externalUrl: null, errors: ['Duplicate post.'] },
    });
  });

  it('reports refused credentials as failed with the message', () => {
    expect(nextStep({ kind: 'reauthorize', message: 'The access token expired.' }, 0, policy)).toEqual({
      kind: 'report',
      result: { outcome: 'failed', externalId: null, externalUrl: null, errors: ['The access token expired.'] },
    });
  });

  it('reports an unknown outcome as failed at once: trying again could publish twice', () => {
    expect(nextStep({ kind: 'unknown', message: 'No answer in time.' }, 0, policy)).toEqual({
      kind: 'report',
      result: { outcome: 'failed', externalId: null, externalUrl: null, errors: ['No answer in time.'] },
    });
  });

  it('retries a retryable failure after the wait the provider asks for, bounded', () => {
    expect(nextStep({ kind: 'retry_later', message: 'Rate limited.', retryAfterMs: 2_500 }, 0, policy)).toEqual({ kind: 'retry', delayMs: 2_500 });
    expect(nextStep({ kind: 'retry_later', message: 'Rate limited.', retryAfterMs: 3_600_000 }, 2, policy)).toEqual({ kind: 'retry', delayMs: 10_000 });
    expect(nextStep({ kind: 'retry_later', message: 'Rate limited.', retryAfterMs: -5 }, 1, policy)).toEqual({ kind: 'retry', delayMs: 0 });
  });

  it('gives up after the last retry and reports failed, saying how often it tried', () => {
    expect(nextStep({ kind: 'retry_later', message: 'Service unavailable.', retryAfterMs: 100 }, 3, policy)).toEqual({
      kind: 'report',
      result: { outcome: 'failed', externalId: null, externalUrl: null, errors: ['Service unavailable. (gave up after 4 attempts)'] },
    });
  });
});
