import { randomUUID } from 'node:crypto';
import { prometheusText } from '@app/telemetry';
import { account, PublisherHarness } from './publisher-harness';

/** The series of publishing_attempts_total in the exposition, by their labels. */
async function attemptCounts(): Promise<Record<string, number>> {
  const { text } = await prometheusText();
  const series = [...text.matchAll(/^publishing_attempts_total\{([^}]*)\} (\d+)$/gm)];
  return Object.fromEntries(series.map(([, labels, value]) => [labels, Number(value)]));
}

describe('publishing_attempts_total', () => {
  let harness: PublisherHarness;

  beforeAll(async () => {
    harness = await PublisherHarness.start();
  });
  afterAll(() => harness?.close());

  it('counts each attempt at a platform by provider and outcome, a platform that asked to wait as retry_later and a cut-off attempt as unknown', async () => {
    for (const id of [801, 802, 803, 804]) await harness.connect(id, 'scripted');
    harness.scripted.scripts.set(801, [
      { kind: 'retry_later', message: 'Rate limited.', retryAfterMs: 10 },
      { kind: 'published', externalId: 'x-801', externalUrl: null },
    ]);
    harness.scripted.scripts.set(802, [{ kind: 'rejected', message: 'Too long.' }]);
    harness.scripted.scripts.set(803, [{ kind: 'reauthorize', message: 'The access token was revoked.' }]);
    const [post, cutOff] = [randomUUID(), randomUUID()];
    await harness.startedBeforeACrash(cutOff, 804, 1);
    await harness.connect(805, 'sandbox', { outcome: 'success' });

    await harness.startPublishing(post, 1, [account(801, 'scripted'), account(802, 'scripted'), account(803, 'scripted'), account(805)]);
    await harness.startPublishing(cutOff, 1, [account(804, 'scripted')]);
    await harness.resultsOf(post, 4);
    await harness.resultsOf(cutOff, 1);

    expect(await attemptCounts()).toEqual({
      'provider="scripted",outcome="retry_later"': 1,
      'provider="scripted",outcome="published"': 1,
      'provider="scripted",outcome="failed"': 2,
      'provider="scripted",outcome="unknown"': 1,
      'provider="sandbox",outcome="published"': 1,
    });
  });
});
