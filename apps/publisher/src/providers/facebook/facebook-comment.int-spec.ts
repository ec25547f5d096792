import { randomUUID } from 'node:crypto';
import { PostMessages } from '@app/domain';
import { facebookUnderTest, PageConnection } from '@test/providers/facebook/facebook-test-setup';
import { mp4Media, pngMedia, request } from '@test/providers/support/provider-scenarios';
import { PublisherTablesOnSqlite } from '@test/providers/support/publisher-on-sqlite';
import { PublishOutcome } from '../publish-provider';
import { FacebookCommentMessages } from './facebook-comment';

jest.setTimeout(60_000);

/** The first comment: a version's second content item, the Page's comment on its own post. */
describe('FacebookProvider: the first comment', () => {
  const local = facebookUnderTest();
  let tables: PublisherTablesOnSqlite;
  beforeEach(async () => {
    tables = await PublisherTablesOnSqlite.open();
  });
  afterEach(() => tables.close());

  const version = (texts: string[], media: string[][] = [], type = 'post') => ({ account_id: 0, is_original: true, content: texts.map((body, index) => ({ body, media: media[index] ?? [] })), options: { facebook: { type } } });
  async function publishVersion(texts: string[], media: string[][] = [], type = 'post') {
    const account = await local.setup.connection(local.facebook);
    await tables.keep(local.facebook, account);
    const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
    const snapshot = { id: account.accountId, provider: 'facebook', name: 'Page', username: null };
    local.setup.proxy.seen.length = 0;
    return { account, result: await tables.publisher(local.facebook, {}, local.setup.media).publish(key, snapshot, [version(texts, media, type)]) };
  }
  const onPost = (account: PageConnection, post: PublishOutcome) => ({ ...request(account, ''), followUp: { index: 1, root: rootOf(post), parent: rootOf(post) } });
  const rootOf = (post: PublishOutcome) => {
    if (post.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(post)}`);
    return { externalId: post.externalId, externalUrl: post.externalUrl, reference: null };
  };

  it('publishes the post, then the second item as the Page’s comment on it; the post is the address', async () => {
    const { result } = await publishVersion(['Launch day', 'Details in the comments: https://example.com']);
    const post = result!.items[0]!;
    const [comment] = local.setup.api.commentsOn(post.externalId);
    expect(comment).toMatchObject({ message: 'Details in the comments: https://example.com', image: null });
    expect(result).toEqual({
      outcome: 'published',
      externalId: post.externalId,
      externalUrl: post.externalUrl,
      errors: [],
      items: [
        { externalId: post.externalId, externalUrl: expect.stringMatching(/^https:\/\/www\.facebook\.com\/\d+\/posts\/\d+$/) },
        { externalId: comment.id, externalUrl: `${post.externalUrl}?comment_id=${comment.id.split('_')[1]}` },
      ],
    });
  });

  it('comments on a reel, on the reel’s video', async () => {
    const video = await local.setup.media.serve(mp4Media());
    const { result } = await publishVersion(['A reel', 'First!'], [[video.id]], 'reel');
    expect(result).toMatchObject({ outcome: 'published', items: [{ externalUrl: expect.stringMatching(/\/reel\//) }, { externalId: expect.any(String) }] });
    expect(local.setup.api.commentsOn(result!.items[0]!.externalId).map((comment) => comment.message)).toEqual(['First!']);
  });

  it('refuses a version of more than two items before anything is sent, and a comment on a story', async () => {
    expect((await publishVersion(['One', 'Two', 'Three'])).result).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: [PostMessages.atMostTwoItems('facebook')], items: [] });
    expect(local.setup.proxy.seen).toEqual([]);
    const account = await local.setup.connection(local.facebook);
    const story = await local.facebook.publish({ ...request(account, '', undefined, [await local.setup.media.serve(pngMedia(9, 16))]), options: { facebook: { type: 'story' } } });
    expect(await local.facebook.publish({ ...onPost(account, story), options: { facebook: { type: 'story' } } })).toEqual({ kind: 'rejected', message: FacebookCommentMessages.noStoryComment });
  });

  it('comments with one image (fetched by Facebook from its signed address); refuses two, and a video', async () => {
    const account = await local.setup.connection(local.facebook);
    const post = await local.facebook.publish(request(account, 'With a commented image'));
    const image = await local.setup.media.serve(pngMedia(24, 24));
    const comment = await local.facebook.publish({ ...onPost(account, post), item: { body: 'Look', media: [image.id] }, media: [image] });
    expect(comment).toMatchObject({ kind: 'published' });
    expect(local.setup.api.commentsOn(rootOf(post).externalId).map((found) => found.image)).toEqual([image.bytes]);
    expect(await local.facebook.publish({ ...onPost(account, post), media: [pngMedia(2, 2), pngMedia(3, 3)] })).toEqual({ kind: 'rejected', message: FacebookCommentMessages.oneImage });
    expect(await local.facebook.publish({ ...onPost(account, post), media: [mp4Media()] })).toEqual({ kind: 'rejected', message: FacebookCommentMessages.noVideo });
  });

  it('reports a comment whose answer was lost unknown, never sending it again: the post stays, the comment once', async () => {
    local.setup.proxy.failNext(/\/comments$/, { hangAfterForward: true });
    const { result } = await publishVersion(['Posted', 'Answer lost']);
    const post = result!.items[0]!.externalId;
    expect(result).toMatchObject({ outcome: 'failed', errors: [expect.stringContaining('did not answer in time')], items: [{ externalId: post }, null] });
    expect(local.setup.api.commentsOn(post).map((comment) => comment.message)).toEqual(['Answer lost']);
  });

  it('deletes a comment', async () => {
    const account = await local.setup.connection(local.facebook);
    const post = await local.facebook.publish(request(account, 'Commented'));
    const comment = await local.facebook.publish({ ...onPost(account, post), item: { body: 'Soon gone', media: [] } });
    if (comment.kind !== 'published') throw new Error('expected published');
    expect(await local.facebook.delete({ connection: account, externalId: comment.externalId })).toEqual({ kind: 'deleted' });
    expect(local.setup.api.commentsOn(rootOf(post).externalId)).toEqual([]);
  });
});
