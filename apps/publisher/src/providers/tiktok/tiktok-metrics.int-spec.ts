import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { request } from '@test/providers/support/provider-scenarios';
import { LocalTikTok, TikTokConnection } from '@test/providers/tiktok/local-tiktok';
import { MetricsRequest } from '../publish-provider';

jest.setTimeout(60_000);

/** A TikTok post's figures (the Display API's `POST /v2/video/query/`), read from a local TikTok answering as its references document. */
describe('TikTokProvider reading the figures of a post', () => {
  let local: LocalTikTok;

  beforeAll(async () => {
    local = await LocalTikTok.start();
  });
  afterAll(() => local?.stop());

  /** A video posted by a new creator at this privacy level. */
  async function posted(privacyLevel = 'PUBLIC_TO_EVERYONE', scopes?: readonly string[]): Promise<MetricsRequest & { connection: TikTokConnection }> {
    const connection = await local.connect(undefined, scopes);
    const outcome = await local.tiktok.publish({ ...request(connection, 'Counted', undefined, [await local.video({ payloadBytes: 1_000 })]), options: { tiktok: { privacy_level: privacyLevel } } });
    return { ...metricsRequest(connection, outcome), connection };
  }

  it('reads the views, likes and comments of a public post; shares and the other figures are not reported', async () => {
    const post = await posted();
    local.api.videos.counts.set(post.published.externalId, { view_count: 5120, like_count: 402, comment_count: 37, share_count: 12 });
    local.proxy.seen.length = 0;
    const outcome = await local.tiktok.readMetrics(post);
    expect(outcome).toEqual({ kind: 'read', metrics: { views: 5120, likes: 402, replies: 37 } });
    expect(namesOf(outcome)).toEqual(describedFigures('tiktok'));
    expect(local.proxy.seen).toEqual(['POST /v2/video/query/?fields=id,view_count,like_count,comment_count']);
  });

  it('says why a post without a public id has no figures, and that a post TikTok no longer lists is gone', async () => {
    const secret = await posted('SELF_ONLY');
    expect(await local.tiktok.readMetrics(secret)).toEqual({ kind: 'rejected', message: 'TikTok gave this post no public id (only some may see it), and reads the figures of public posts only.' });
    const post = await posted();
    local.api.posting.publishes.find((publish) => publish.postId === post.published.externalId)!.postId = null;
    expect(await local.tiktok.readMetrics(post)).toEqual({ kind: 'rejected', message: 'The post is no longer on TikTok.' });
  });

  it('asks to reconnect a creator who did not grant video.list, and waits out the minute after a rate limit', async () => {
    const withoutList = await posted('PUBLIC_TO_EVERYONE', ['user.info.basic', 'video.publish']);
    expect(await local.tiktok.readMetrics(withoutList)).toEqual({ kind: 'reauthorize', message: 'The user did not authorize the scope required for completing this request.' });
    const post = await posted();
    local.proxy.failNext(/^\/v2\/video\/query\//, { answer: { status: 429, body: { data: {}, error: { code: 'rate_limit_exceeded', message: 'The API rate limit was exceeded.', log_id: '1' } } } });
    expect(await local.tiktok.readMetrics(post)).toEqual({ kind: 'retry_later', message: 'The API rate limit was exceeded. (HTTP 429)', retryAfterMs: 60_000 });
  });
});
