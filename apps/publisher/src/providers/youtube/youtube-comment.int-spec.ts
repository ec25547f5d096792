import { randomUUID } from 'node:crypto';
import { PostMessages } from '@app/domain';
import { memoryProgress } from '@test/providers/support/memory-session';
import { PublisherTablesOnSqlite } from '@test/providers/support/publisher-on-sqlite';
import { request } from '@test/providers/support/provider-scenarios';
import { channelOf, Connected, LocalYouTube, twoChunkVideo } from '@test/providers/youtube/local-youtube';
import { FollowUp, ProviderConnection, PublishOutcome } from '../publish-provider';

jest.setTimeout(60_000);

/** A version's second content item on YouTube: the channel's first comment on its video. */
describe('YouTubeProvider: the first comment', () => {
  let local: LocalYouTube;
  let tables: PublisherTablesOnSqlite;

  beforeAll(async () => {
    local = await LocalYouTube.start();
  });
  afterAll(() => local?.stop());
  beforeEach(async () => {
    tables = await PublisherTablesOnSqlite.open();
  });
  afterEach(() => tables.close());

  /** A version of a video (its description) and a comment, for an account kept in the publisher's tables. */
  async function versionFor(texts: string[]) {
    const account = await local.connection();
    const stored = await tables.keep(local.provider, account);
    const video = await local.media.serve(twoChunkVideo());
    const version = { account_id: 0, is_original: true, content: texts.map((body, index) => ({ body, media: index === 0 ? [video.id] : [] })), options: { youtube: { title: 'With a comment' } } };
    const key = { postUuid: randomUUID(), accountId: account.accountId, round: 1 };
    const snapshot = { id: account.accountId, provider: 'youtube', name: 'Channel', username: null };
    return { account, stored, version, key, snapshot, publisher: tables.publisher(local.provider, {}, local.media) };
  }

  /** The comment request on this video, as the publisher makes it. */
  function commentRequest(account: ProviderConnection, videoId: string, text: string) {
    const root = { externalId: videoId, externalUrl: null, reference: null };
    const followUp: FollowUp = { index: 1, root, parent: root };
    return { ...request(account, text), followUp };
  }

  async function publishedVideo(account: Connected): Promise<string> {
    const outcome = await local.provider.publish({ ...request(account, 'A video', undefined, [await local.media.serve(twoChunkVideo())]), options: { youtube: { title: 'T' } } });
    if (outcome.kind !== 'published') throw new Error(`expected published, got ${JSON.stringify(outcome)}`);
    return outcome.externalId;
  }

  it('publishes the video, then the second item as the channel’s comment on it, with its address', async () => {
    const { account, version, key, snapshot, publisher } = await versionFor(['The video', 'Chapters in the first comment']);

    const result = await publisher.publish(key, snapshot, [version]);

    const videoId = result!.externalId!;
    const [comment] = local.api.commentsOn(videoId);
    expect(comment).toMatchObject({ text: 'Chapters in the first comment', authorChannelId: channelOf(account) });
    expect(result).toEqual({
      outcome: 'published',
      externalId: videoId,
      externalUrl: `https://www.youtube.com/watch?v=${videoId}`,
      errors: [],
      items: [
        { externalId: videoId, externalUrl: `https://www.youtube.com/watch?v=${videoId}` },
        { externalId: comment.id, externalUrl: `https://www.youtube.com/watch?v=${videoId}&lc=${comment.id}` },
      ],
    });
  });

  it('refuses a version of more than two items before anything is sent', async () => {
    const { version, key, snapshot, publisher } = await versionFor(['One', 'Two', 'Three']);
    const seen = local.proxy.seen.length;
    expect(await publisher.publish(key, snapshot, [version])).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: [PostMessages.atMostTwoItems('youtube')], items: [] });
    expect(local.proxy.seen.length).toBe(seen);
  });

  it('finds the comment a lost answer created instead of commenting twice', async () => {
    const account = await local.connection();
    const videoId = await publishedVideo(account);
    const same = commentRequest(account, videoId, 'Said once');
    local.proxy.failNext(/^\/youtube\/v3\/commentThreads/, { hangAfterForward: true });

    expect(await local.provider.publish(same)).toMatchObject({ kind: 'retry_later' });
    const again: PublishOutcome = await local.provider.publish(same);

    const comments = local.api.commentsOn(videoId);
    expect(comments.map((comment) => comment.text)).toEqual(['Said once']);
    expect(again).toEqual({ kind: 'published', externalId: comments[0].id, externalUrl: `https://www.youtube.com/watch?v=${videoId}&lc=${comments[0].id}` });
  });

  it('resumes a comment cut off by a crash: the restarted publisher finds it, the video and the comment are on YouTube once', async () => {
    const { account, stored, version, key, snapshot, publisher } = await versionFor(['Before the crash', 'Maybe commented']);
    const videoId = await publishedVideo(account);
    const video = { externalId: videoId, externalUrl: `https://www.youtube.com/watch?v=${videoId}` };
    // The process that crashed: its video was published, its comment begun and sent, the answer never read.
    expect(await tables.journal.begin(key, 0)).toEqual({ kind: 'new' });
    const step = { post_uuid: key.postUuid, account_id: key.accountId, round: 1, started_at: new Date(), reference: null };
    await tables.tables.db
      .insertInto('attempt_items')
      .values([
        { ...step, item_index: 0, state: 'published', external_id: videoId, external_url: video.externalUrl, finished_at: new Date() },
        { ...step, item_index: 1, state: 'sending', external_id: null, external_url: null, finished_at: null },
      ])
      .execute();
    local.proxy.failNext(/^\/youtube\/v3\/commentThreads/, { hangAfterForward: true });
    await local.provider.publish({ ...commentRequest(stored, videoId, 'Maybe commented'), progress: tables.progress.of(key, 1) });

    const result = await publisher.publish(key, snapshot, [version]);

    const comments = local.api.commentsOn(videoId);
    expect(comments.map((comment) => comment.text)).toEqual(['Maybe commented']);
    expect(result).toEqual({ outcome: 'published', externalId: videoId, externalUrl: video.externalUrl, errors: [], items: [video, { externalId: comments[0].id, externalUrl: expect.stringContaining(`&lc=${comments[0].id}`) }] });
  });

  it('refuses a comment on a video whose comments are off with Google’s message, and deletes a comment', async () => {
    const account = await local.connection();
    const videoId = await publishedVideo(account);
    const comment = await local.provider.publish(commentRequest(account, videoId, 'Short-lived'));
    if (comment.kind !== 'published') throw new Error('expected published');
    expect(await local.provider.delete({ connection: account, externalId: comment.externalId })).toEqual({ kind: 'deleted' });
    expect(local.api.commentsOn(videoId)).toEqual([]);

    local.api.comments.disableComments(videoId);
    expect(await local.provider.publish({ ...commentRequest(account, videoId, 'Nobody hears'), progress: memoryProgress() })).toEqual({
      kind: 'rejected',
      message: 'The video identified by the videoId parameter has disabled comments.',
    });
  });
});
