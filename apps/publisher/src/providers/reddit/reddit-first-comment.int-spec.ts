import { randomUUID } from 'node:crypto';
import { PostMessages } from '@app/domain';
import { RedditFixture, SCENARIO_OPTIONS } from '@test/providers/reddit/reddit-fixture';
import { memoryProgress } from '@test/providers/support/memory-session';
import { pngMedia, request } from '@test/providers/support/provider-scenarios';
import { PublisherTablesOnSqlite } from '@test/providers/support/publisher-on-sqlite';
import { ItemJournal } from '../../publish-post/item-journal';
import { RedditCommentMessages } from './reddit-comment';
import { RedditProvider } from './reddit-provider';

jest.setTimeout(60_000);

/** A version's second content item: the post's first comment, through the publisher (a real journal on SQLite). */
describe('RedditProvider first comment', () => {
  let reddit: RedditFixture;
  let provider: RedditProvider;
  let tables: PublisherTablesOnSqlite;

  beforeAll(async () => {
    reddit = await RedditFixture.start();
    provider = reddit.provider();
  });
  afterAll(() => reddit?.stop());
  beforeEach(async () => {
    tables = await PublisherTablesOnSqlite.open();
  });
  afterEach(() => tables.close());

  const version = (texts: string[]) => ({ account_id: 0, is_original: true, content: texts.map((body) => ({ body, media: [] })), options: SCENARIO_OPTIONS });

  /** A new account kept as the publisher keeps it, the key of an attempt of a new post on it, and its snapshot. */
  async function attemptOnNewAccount() {
    const account = await reddit.connection(provider);
    const stored = await tables.keep(provider, account);
    const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
    const snapshot = { id: account.accountId, provider: 'reddit', name: 'Redditor', username: null };
    return { account, stored, key, snapshot };
  }

  it('publishes the post, then the second item as a comment on it by the same account; the post is the address', async () => {
    const { key, snapshot } = await attemptOnNewAccount();
    const result = await tables.publisher(provider).publish(key, snapshot, [version(['The launch', 'Details & links in here'])]);
    const post = reddit.api.posts.at(-1)!;
    const [comment] = reddit.api.commentsOn(`t3_${post.id}`);
    expect(comment).toMatchObject({ author: post.author, parentId: `t3_${post.id}`, body: 'Details & links in here' });
    const postUrl = `https://www.reddit.com/r/test/comments/${post.id}/a_title/`;
    expect(result).toEqual({
      outcome: 'published',
      externalId: `t3_${post.id}`,
      externalUrl: postUrl,
      errors: [],
      items: [
        { externalId: `t3_${post.id}`, externalUrl: postUrl },
        { externalId: `t1_${comment.id}`, externalUrl: `${postUrl}${comment.id}/` },
      ],
    });
  });

  it('refuses a version of more than two items before anything is sent', async () => {
    const { key, snapshot } = await attemptOnNewAccount();
    reddit.proxy.seen.length = 0;
    const result = await tables.publisher(provider).publish(key, snapshot, [version(['One', 'Two', 'Three'])]);
    expect(result).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: [PostMessages.atMostTwoItems('reddit')], items: [] });
    expect(reddit.proxy.seen).toEqual([]);
  });

  it('finds a comment whose answer was lost among the account’s comments: commented once', async () => {
    const { key, snapshot } = await attemptOnNewAccount();
    reddit.proxy.failNext(/^\/api\/comment$/, { hangAfterForward: true });
    const result = await tables.publisher(provider).publish(key, snapshot, [version(['Posted', 'Answer lost'])]);
    const post = result!.items[0]!.externalId;
    expect(result).toMatchObject({ outcome: 'published', items: [{ externalId: post }, { externalId: expect.stringMatching(/^t1_/) }] });
    expect(reddit.api.commentsOn(post).map((comment) => comment.body)).toEqual(['Answer lost']);
  });

  it('resolves a comment cut off by a crash by the lookup, keeping the post: commented once', async () => {
    const { account, stored, key, snapshot } = await attemptOnNewAccount();
    const post = await provider.publish({ ...request(account, 'Before the crash'), options: SCENARIO_OPTIONS });
    if (post.kind !== 'published') throw new Error('expected published');
    // The process that crashed: it published the post, then sent the comment and died before the answer.
    expect(await tables.journal.begin(key, 0)).toEqual({ kind: 'new' });
    const steps = new ItemJournal(tables.tables);
    await steps.sending(key, 0);
    await steps.published(key, 0, { externalId: post.externalId, externalUrl: post.externalUrl, reference: null });
    await steps.sending(key, 1);
    const root = { externalId: post.externalId, externalUrl: post.externalUrl, reference: null };
    reddit.proxy.failNext(/^\/api\/comment$/, { hangAfterForward: true });
    const firstAttemptAt = (await tables.journal.firstStartedAt(key.postUuid, key.accountId))!;
    await provider.publish({ ...request(stored, 'Maybe commented'), firstAttemptAt, followUp: { index: 1, root, parent: root }, options: SCENARIO_OPTIONS, progress: tables.progress.of(key, 1) });

    const result = await tables.publisher(provider).publish(key, snapshot, [version(['Before the crash', 'Maybe commented'])]);

    expect(result).toMatchObject({ outcome: 'published', items: [{ externalId: post.externalId }, { externalId: expect.stringMatching(/^t1_/) }] });
    expect(reddit.api.commentsOn(post.externalId).map((comment) => comment.body)).toEqual(['Maybe commented']);
  });

  it('reports Reddit’s refusal of a comment in its words, refuses media in a comment, and deletes a comment', async () => {
    const account = await reddit.connection(provider);
    const post = await provider.publish({ ...request(account, 'Commented on'), options: SCENARIO_OPTIONS });
    if (post.kind !== 'published') throw new Error('expected published');
    const root = { externalId: post.externalId, externalUrl: post.externalUrl, reference: null };
    const comment = (text: string) => ({ ...request(account, text), followUp: { index: 1, root, parent: root }, progress: memoryProgress() });

    expect(await provider.publish(comment('c'.repeat(10_001)))).toEqual({ kind: 'rejected', message: 'this is too long (max: 10000) [TOO_LONG: text]' });
    expect(await provider.publish({ ...comment('With a picture'), media: [pngMedia(8, 8)] })).toEqual({ kind: 'rejected', message: RedditCommentMessages.noMedia });
    const made = await provider.publish(comment('Short-lived'));
    if (made.kind !== 'published') throw new Error('expected published');
    expect(await provider.delete({ connection: account, externalId: made.externalId })).toEqual({ kind: 'deleted' });
    expect(reddit.api.commentsOn(post.externalId)).toEqual([]);
    expect(await provider.delete({ connection: account, externalId: post.externalId })).toEqual({ kind: 'deleted' });
    expect(await provider.publish(comment('Too late'))).toEqual({ kind: 'rejected', message: 'the link you are commenting on has been deleted [DELETED_LINK: parent]' });
  });
});
