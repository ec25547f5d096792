import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { original } from '@app/domain/testing';
import { PublishMessages } from '../src/publish-post/publish-result';
import { account, PublisherHarness } from './publisher-harness';

/** Attempts a platform asks to wait for longer than a partition may be held: deferred, then resumed when due. */
describe('deferred attempts', () => {
  let harness: PublisherHarness;

  beforeAll(async () => {
    harness = await PublisherHarness.start();
  });
  afterAll(() => harness?.close());

  it('defers an attempt the platform asks to wait for longer than a partition is held, and publishes it once when due', async () => {
    await harness.connect(801, 'scripted');
    harness.scripted.scripts.set(801, [
      {
        kind: 'retry_later',
        message: 'Rate limited until the reset.',
        retryAfterMs: 300,
      },
      {
        kind: 'published',
        externalId: 'x-801',
        externalUrl: 'https://example.test/x-801',
      },
    ]);
    const post = randomUUID();
    const started = Date.now();
    await harness.startPublishing(post, 2, [account(801, 'scripted')]);
    await harness.startPublishing(post, 2, [account(801, 'scripted')]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({
        accountId: 801,
        outcome: 'published',
        externalId: 'x-801',
      }),
    ]);
    expect(Date.now() - started).toBeGreaterThanOrEqual(300);
    expect(harness.scripted.callsFor(801)).toBe(2);
    expect(await harness.tables.db.selectFrom('deferred_attempts').select('round').where('post_uuid', '=', post).execute()).toEqual([]);
    await sleep(100);
    expect(await harness.resultsOf(post, 1)).toHaveLength(1);
  });

  it('gives up after the last deferral, saying how often it tried', async () => {
    await harness.connect(802, 'scripted');
    harness.scripted.scripts.set(802, [{ kind: 'retry_later', message: 'Rate limited.', retryAfterMs: 50 }]);
    const post = randomUUID();
    await harness.startPublishing(post, 1, [account(802, 'scripted')]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({
        outcome: 'failed',
        errors: ['Rate limited. (gave up after 3 attempts)'],
      }),
    ]);
    expect(harness.scripted.callsFor(802)).toBe(3);
  });

  it('reports a deferred attempt whose runner was cut off mid-call as unknown, for a provider without idempotency', async () => {
    await harness.connect(803, 'scripted');
    const post = randomUUID();
    await harness.startedBeforeACrash(post, 803, 1);
    await harness.tables.db
      .insertInto('deferred_attempts')
      .values({
        post_uuid: post,
        account_id: 803,
        round: 1,
        due_at: harness.tables.dialect.nowPlusMs(-1_000),
        lease_until: harness.tables.dialect.nowPlusMs(-10),
        lease_token: 'cut-off-runner',
        deferrals: 1,
        account: harness.tables.dialect.json(account(803, 'scripted')),
        versions: harness.tables.dialect.json([original]),
      })
      .execute();

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({
        outcome: 'failed',
        errors: [PublishMessages.unknownOutcome],
      }),
    ]);
    expect(harness.scripted.callsFor(803)).toBe(0);
  });
});
