import { failed, nextStep, published } from './publish-result';

const policy = { maxRetries: 3, maxRetryDelayMs: 10_000 };

describe('nextStep', () => {
  it('reports a success as the item on the platform: its id, url and the provider’s reference', () => {
    expect(nextStep({ kind: 'published', externalId: 'x1', externalUrl: 'https://example.test/x1' }, 0, policy)).toEqual({
      kind: 'report',
      result: { kind: 'published', item: { externalId: 'x1', externalUrl: 'https://example.test/x1', reference: null } },
    });
    expect(nextStep({ kind: 'published', externalId: 'at://a/b/c', externalUrl: null, reference: 'cid' }, 0, policy)).toEqual({
      kind: 'report',
      result: { kind: 'published', item: { externalId: 'at://a/b/c', externalUrl: null, reference: 'cid' } },
    });
  });

  it.each([
    ['a rejection, without retrying', { kind: 'rejected' as const, message: 'Duplicate post.' }],
    ['refused credentials', { kind: 'reauthorize' as const, message: 'The access token expired.' }],
    ['an unknown outcome at once: trying again could publish twice', { kind: 'unknown' as const, message: 'No answer in time.' }],
  ])('reports %s as failed with its message', (_case, outcome) => {
    expect(nextStep(outcome, 0, policy)).toEqual({ kind: 'report', result: { kind: 'failed', message: outcome.message } });
  });

  it('retries a retryable failure after the wait the provider asks for, bounded', () => {
    expect(nextStep({ kind: 'retry_later', message: 'Rate limited.', retryAfterMs: 2_500 }, 0, policy)).toEqual({ kind: 'retry', delayMs: 2_500 });
    expect(nextStep({ kind: 'retry_later', message: 'Rate limited.', retryAfterMs: 3_600_000 }, 2, policy)).toEqual({ kind: 'retry', delayMs: 10_000 });
    expect(nextStep({ kind: 'retry_later', message: 'Rate limited.', retryAfterMs: -5 }, 1, policy)).toEqual({ kind: 'retry', delayMs: 0 });
  });

  it('gives up after the last retry and reports failed, saying how often it tried', () => {
    expect(nextStep({ kind: 'retry_later', message: 'Service unavailable.', retryAfterMs: 100 }, 3, policy)).toEqual({
      kind: 'report',
      result: { kind: 'failed', message: 'Service unavailable. (gave up after 4 attempts)' },
    });
  });
});

describe('the result of an attempt', () => {
  const first = { externalId: 'x1', externalUrl: 'https://example.test/x1', reference: 'r1' };
  const second = { externalId: 'x2', externalUrl: null, reference: null };

  it('is published at its first item, listing every item without the provider’s references', () => {
    expect(published([first, second])).toEqual({
      outcome: 'published',
      externalId: 'x1',
      externalUrl: 'https://example.test/x1',
      errors: [],
      items: [
        { externalId: 'x1', externalUrl: 'https://example.test/x1' },
        { externalId: 'x2', externalUrl: null },
      ],
    });
  });

  it('fails with the message, keeping the items published before (null for the others)', () => {
    expect(failed('Too long.', [first, null])).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: ['Too long.'], items: [{ externalId: 'x1', externalUrl: 'https://example.test/x1' }, null] });
    expect(failed('Not connected.')).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: ['Not connected.'], items: [] });
  });
});
