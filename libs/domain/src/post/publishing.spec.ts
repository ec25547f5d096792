import { foldPost } from './evolve';
import { noResultMessage } from './decide';
import { PostCommand } from './post-commands';
import { givenPost } from '../testing/post-decider-specification';
import { accountA, accountB, content, ev, history, LATER, publishResult, REFUSAL } from '../testing/post-fixtures';

const startPublishing = (scheduledRevision: number): PostCommand => ({ type: 'StartPublishing', scheduledRevision, now: LATER });

describe('StartPublishing', () => {
  it('starts publishing the scheduled post to its accounts', () => {
    givenPost(...history.scheduled)
      .when(startPublishing(1))
      .then([ev.publishingStarted(content(), LATER)]);
  });

  it('publishes a partly failed post again only to the accounts that failed: the others keep their result', () => {
    const onlyB = content(undefined, { accounts: [accountB] });
    givenPost(...history.failed, ev.updated(), ev.scheduled())
      .when(startPublishing(7))
      .then([ev.publishingStarted(onlyB, LATER)]);
    givenPost(...history.failed, ev.updated(), ev.scheduled(), ev.publishingStarted(onlyB, LATER))
      .when(publishResult(12, 'published'))
      .then([ev.accountPublished(12), ev.published()]);
    expect(foldPost([...history.failed, ev.updated(), ev.scheduled(), ev.publishingStarted(onlyB, LATER)])).toMatchObject({
      status: 'publishing',
      accounts: [accountA, accountB],
      publications: { 11: { outcome: 'published' } },
    });
  });

  it('ignores a result for an account that published in an earlier round', () => {
    const onlyB = content(undefined, { accounts: [accountB] });
    givenPost(...history.failed, ev.updated(), ev.scheduled(), ev.publishingStarted(onlyB, LATER)).when(publishResult(11, 'failed')).thenNothingHappens();
  });

  it('ends published at once when every account published in earlier rounds (the one that failed was removed)', () => {
    const onlyA = content(undefined, { accounts: [accountA] });
    givenPost(...history.failed, ev.updated(onlyA), ev.scheduled())
      .when(startPublishing(7))
      .then([ev.publishingStarted(content(undefined, { accounts: [] }), LATER), ev.published()]);
  });

  it('ignores a duplicate once publishing has started', () => {
    givenPost(...history.publishing).when(startPublishing(1)).thenNothingHappens();
  });

  it('ignores a timer of an earlier schedule', () => {
    givenPost(...history.scheduled, ev.updated(), ev.scheduled()).when(startPublishing(1)).thenNothingHappens();
  });

  it.each([
    ['missing', []],
    ['deleted', [...history.scheduled, ev.deleted()]],
    ['draft again', [...history.scheduled, ev.updated()]],
    ['waiting for approval', history.needsApproval],
    ['published', history.published],
  ])('ignores a post that is %s', (_case, given) => {
    givenPost(...given).when(startPublishing(1)).thenNothingHappens();
  });
});

describe('RecordPublishResult', () => {
  it('records a success while other accounts are pending', () => {
    givenPost(...history.publishing).when(publishResult(11, 'published')).then([ev.accountPublished(11)]);
  });

  it('records a failure while other accounts are pending', () => {
    givenPost(...history.publishing).when(publishResult(12, 'failed')).then([ev.accountFailed(12)]);
  });

  it('publishes the post when the last account succeeds', () => {
    givenPost(...history.publishing, ev.accountPublished(11))
      .when(publishResult(12, 'published'))
      .then([ev.accountPublished(12), ev.published(LATER)]);
  });

  it('fails the post when every account has a result and one failed', () => {
    givenPost(...history.publishing, ev.accountFailed(11))
      .when(publishResult(12, 'published'))
      .then([ev.accountPublished(12), ev.publishFailed([11])]);
    givenPost(...history.publishing, ev.accountPublished(11))
      .when(publishResult(12, 'failed'))
      .then([ev.accountFailed(12), ev.publishFailed([12])]);
  });

  it('keeps the per-account results of a failed round', () => {
    givenPost(...history.publishing, ev.accountPublished(11))
      .when(publishResult(12, 'failed'))
      .thenState((state) =>
        expect(state).toMatchObject({
          status: 'failed',
          publications: {
            11: { outcome: 'published', externalId: 'ext-11', errors: [] },
            12: { outcome: 'failed', externalUrl: null, errors: [REFUSAL] },
          },
        }),
      );
  });

  it('keeps each content item of a thread on the platform, and those published before a thread failed', () => {
    const first = { externalId: 'ext-11', externalUrl: 'https://example.test/11' };
    const second = { externalId: 'ext-11-2', externalUrl: null };
    givenPost(...history.publishing)
      .when({ ...publishResult(11, 'published'), items: [first, second] })
      .then([{ type: 'AccountPublished', data: { accountId: 11, externalId: 'ext-11', externalUrl: 'https://example.test/11', items: [first, second], at: LATER } }]);
    const cutShort = givenPost(...history.publishing).when({ ...publishResult(12, 'failed'), items: [first, null, null] });
    cutShort.then([{ type: 'AccountPublishFailed', data: { accountId: 12, errors: [REFUSAL], items: [first, null, null], at: LATER } }]);
    cutShort.thenState((state) => expect(state).toMatchObject({ publications: { 12: { outcome: 'failed', externalUrl: null, items: [first, null, null] } } }));
  });

  it('reads an account published before threads as its one item', () => {
    const before = { type: 'AccountPublished' as const, data: { accountId: 11, externalId: 'ext-11', externalUrl: null, at: LATER } };
    expect(foldPost([...history.publishing, before])).toMatchObject({ publications: { 11: { items: [{ externalId: 'ext-11', externalUrl: null }] } } });
  });

  it('ignores a duplicate result for an account', () => {
    givenPost(...history.publishing, ev.accountPublished(11)).when(publishResult(11, 'published')).thenNothingHappens();
    givenPost(...history.publishing, ev.accountFailed(11)).when(publishResult(11, 'published')).thenNothingHappens();
  });

  it('ignores a result for an account the post does not target', () => {
    givenPost(...history.publishing).when(publishResult(99, 'published')).thenNothingHappens();
  });

  it.each([
    ['missing', []],
    ['scheduled', history.scheduled],
    ['published', history.published],
    ['failed', history.failed],
  ])('ignores a result for a post that is %s', (_case, given) => {
    givenPost(...given).when(publishResult(11, 'published')).thenNothingHappens();
  });
});

describe('ExpirePublishing', () => {
  const expire: PostCommand = { type: 'ExpirePublishing', waitedMs: 15 * 60_000, now: LATER };
  const noResult = [noResultMessage(15 * 60_000)];

  it('fails the accounts still without a result, and the post with them', () => {
    givenPost(...history.publishing, ev.accountPublished(11))
      .when(expire)
      .then([{ type: 'AccountPublishFailed', data: { accountId: 12, errors: noResult, at: LATER } }, ev.publishFailed([12])]);
    givenPost(...history.publishing)
      .when(expire)
      .then([
        { type: 'AccountPublishFailed', data: { accountId: 11, errors: noResult, at: LATER } },
        { type: 'AccountPublishFailed', data: { accountId: 12, errors: noResult, at: LATER } },
        ev.publishFailed([11, 12]),
      ]);
  });

  it('says how long it waited and that the post may be on the platform', () => {
    expect(noResult[0]).toBe('No result came from the platform within 15 minutes of the start of publishing; the post may or may not be on the platform.');
  });

  it.each([
    ['published', history.published],
    ['failed', history.failed],
    ['scheduled', history.scheduled],
  ])('does nothing to a post that is %s', (_case, given) => {
    givenPost(...given).when(expire).thenNothingHappens();
  });
});
