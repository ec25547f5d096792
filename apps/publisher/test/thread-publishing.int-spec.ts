import { randomUUID } from 'node:crypto';
import { PostVersion } from '@app/domain';
import { original } from '@app/domain/testing';
import { PublishMessages } from '../src/publish-post/publish-result';
import { account, PublisherHarness } from './publisher-harness';

const thread = (...texts: string[]): PostVersion => ({ ...original, content: texts.map((body) => ({ body, media: [] })) });
const root = (accountId: number) => ({ externalId: `s-${accountId}`, externalUrl: null, reference: null });

/** A version of several content items, each one step of the attempt journal: a thread, cut short, made again. */
describe('Publisher: content items published one after another', () => {
  let harness: PublisherHarness;

  beforeAll(async () => {
    harness = await PublisherHarness.start();
  });
  afterAll(() => harness?.close());

  it('publishes each item in order, each after the one before with a key of its own, and reports them all', async () => {
    await harness.connect(901, 'scripted');
    const post = randomUUID();
    await harness.startPublishing(post, 1, [account(901, 'scripted')], [thread('One', 'Two', 'Three')]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({
        outcome: 'published',
        externalId: 's-901',
        items: [
          { externalId: 's-901', externalUrl: null },
          { externalId: 's-901-1', externalUrl: null },
          { externalId: 's-901-2', externalUrl: null },
        ],
      }),
    ]);
    const calls = harness.scripted.calls.filter((call) => call.account.id === 901);
    expect(calls.map((call) => [call.idempotencyKey, call.item.body, call.followUp])).toEqual([
      [`${post}:901`, 'One', null],
      [`${post}:901:1`, 'Two', { index: 1, root: root(901), parent: root(901) }],
      [`${post}:901:2`, 'Three', { index: 2, root: root(901), parent: { externalId: 's-901-1', externalUrl: null, reference: null } }],
    ]);
    // The result is stored with its items; the steps are no longer kept.
    expect(await harness.tables.db.selectFrom('attempt_items').select('item_index').where('post_uuid', '=', post).execute()).toEqual([]);
  });

  it('fails the account at the first item refused, keeping those published before, and sends none after it', async () => {
    await harness.connect(902, 'scripted');
    harness.scripted.scripts.set(902, [
      { kind: 'published', externalId: 'p-1', externalUrl: 'https://example.test/p-1' },
      { kind: 'rejected', message: 'Too long.' },
      { kind: 'rejected', message: 'Never asked.' },
    ]);
    const post = randomUUID();
    await harness.startPublishing(post, 1, [account(902, 'scripted')], [thread('One', 'Two', 'Three')]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({ outcome: 'failed', externalId: null, externalUrl: null, errors: ['Too long.'], items: [{ externalId: 'p-1', externalUrl: 'https://example.test/p-1' }, null, null] }),
    ]);
    expect(harness.scripted.callsFor(902)).toBe(2);
  });

  it('goes on with the next item after a crash between two items, even for a provider without idempotency', async () => {
    await harness.connect(903, 'scripted');
    const post = randomUUID();
    await harness.startedBeforeACrash(post, 903, 1, { index: 1, midCall: false });

    await harness.startPublishing(post, 1, [account(903, 'scripted')], [thread('One', 'Two')]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({ outcome: 'published', externalId: 'before-0', items: [{ externalId: 'before-0', externalUrl: null }, { externalId: 's-903-1', externalUrl: null }] }),
    ]);
    expect(harness.scripted.calls.filter((call) => call.account.id === 903).map((call) => [call.item.body, call.followUp?.parent.externalId])).toEqual([['Two', 'before-0']]);
  });

  it('reports an item cut off mid-call unknown for a provider without idempotency, keeping the items before it', async () => {
    await harness.connect(904, 'scripted');
    const post = randomUUID();
    await harness.startedBeforeACrash(post, 904, 1, { index: 1 });

    await harness.startPublishing(post, 1, [account(904, 'scripted')], [thread('One', 'Two', 'Three')]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({ outcome: 'failed', errors: [PublishMessages.unknownItemOutcome(2)], items: [{ externalId: 'before-0', externalUrl: null }, null, null] }),
    ]);
    expect(harness.scripted.callsFor(904)).toBe(0);
  });

  it('makes an item cut off mid-call again with its own key, for a provider that honours keys, then goes on', async () => {
    await harness.connect(905, 'idempotent');
    const post = randomUUID();
    await harness.startedBeforeACrash(post, 905, 1, { index: 1 });

    await harness.startPublishing(post, 1, [account(905, 'idempotent')], [thread('One', 'Two', 'Three')]);

    expect(await harness.resultsOf(post, 1)).toEqual([expect.objectContaining({ outcome: 'published', externalId: 'before-0' })]);
    expect(harness.idempotent.calls.filter((call) => call.account.id === 905).map((call) => call.idempotencyKey)).toEqual([`${post}:905:1`, `${post}:905:2`]);
  });

  it('resumes a thread deferred at its second item with that item, once due', async () => {
    await harness.connect(906, 'scripted');
    harness.scripted.scripts.set(906, [
      { kind: 'published', externalId: 'd-1', externalUrl: null },
      { kind: 'retry_later', message: 'Rate limited until the reset.', retryAfterMs: 200 },
      { kind: 'published', externalId: 'd-2', externalUrl: null },
    ]);
    const post = randomUUID();
    await harness.startPublishing(post, 1, [account(906, 'scripted')], [thread('One', 'Two')]);

    expect(await harness.resultsOf(post, 1)).toEqual([
      expect.objectContaining({ outcome: 'published', items: [{ externalId: 'd-1', externalUrl: null }, { externalId: 'd-2', externalUrl: null }] }),
    ]);
    expect(harness.scripted.calls.filter((call) => call.account.id === 906).map((call) => call.item.body)).toEqual(['One', 'Two', 'Two']);
  });
});
