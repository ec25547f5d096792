import { facebookUnderTest, PageConnection } from '@test/providers/facebook/facebook-test-setup';
import { memorySession } from '@test/providers/support/memory-session';
import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { request } from '@test/providers/support/provider-scenarios';
import { MetricsRequest } from '../publish-provider';

/** A Page post's figures (its summaries, then `GET /{post-id}/insights`), read from a local Graph API answering as Facebook's references document. */
describe('FacebookProvider reading the figures of a post', () => {
  const local = facebookUnderTest();

  async function publishedPost(text: string): Promise<MetricsRequest & { connection: PageConnection }> {
    const connection = await local.setup.connection(local.facebook);
    return { ...metricsRequest(connection, await local.facebook.publish(request(connection, text))), connection };
  }

  it('reads the reactions, comments and shares of the post, and the views and clicks of its insights; impressions, quotes and saves are not reported', async () => {
    const post = await publishedPost('Counted');
    local.setup.api.insights.set(post.published.externalId, { reactions: 48, comments: 6, shares: 3, post_media_view: 1900, post_clicks: 75 });
    local.setup.proxy.seen.length = 0;
    const outcome = await local.facebook.readMetrics(post);
    expect(outcome).toEqual({ kind: 'read', metrics: { likes: 48, replies: 6, reposts: 3, views: 1900, clicks: 75 } });
    expect(namesOf(outcome)).toEqual(describedFigures('facebook'));
    const path = `/v21.0/${post.published.externalId}`;
    expect(local.setup.proxy.seen.map(decodeURIComponent)).toEqual([
      `GET ${path}?fields=reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares`,
      `GET ${path}/insights?metric=post_media_view,post_clicks&period=lifetime`,
    ]);
  });

  it('counts no shares as 0 (Facebook leaves `shares` out until someone shares the post), and reads a reel through its post on the Page', async () => {
    const post = await publishedPost('Never shared');
    expect(await local.facebook.readMetrics(post)).toEqual({ kind: 'read', metrics: { likes: 0, replies: 0, reposts: 0, views: 0, clicks: 0 } });
    const pageId = String(post.connection.settings.page_id);
    const reelId = local.setup.api.state.id();
    local.setup.api.state.videos.set(reelId, { id: reelId, pageId, kind: 'reel', description: 'A reel', bytes: null, phase: 'finished', checksLeft: 0, processingError: null, published: true, createdAt: Date.now() });
    local.setup.api.insights.set(`${pageId}_${reelId}`, { reactions: 9, post_media_view: 300 });
    const reel = metricsRequest(post.connection, { kind: 'published', externalId: reelId, externalUrl: null });
    expect(await local.facebook.readMetrics(reel)).toEqual({ kind: 'read', metrics: { likes: 9, replies: 0, reposts: 0, views: 300, clicks: 0 } });
  });

  it('keeps the counts when Facebook refuses the insights, and waits when it throttles them', async () => {
    const post = await publishedPost('Small Page');
    local.setup.api.insights.set(post.published.externalId, { reactions: 2, post_media_view: 40 });
    local.setup.proxy.failNext(/\/insights\?/, { answer: { status: 400, body: { error: { message: '(#10) This endpoint requires the read_insights permission', type: 'OAuthException', code: 10 } } } });
    expect(await local.facebook.readMetrics(post)).toEqual({ kind: 'read', metrics: { likes: 2, replies: 0, reposts: 0 } });
    local.setup.proxy.failNext(/\/insights\?/, { answer: { status: 400, body: { error: { message: '(#32) Page request limit reached', type: 'OAuthException', code: 32 } } } });
    expect(await local.facebook.readMetrics(post)).toMatchObject({ kind: 'retry_later', message: '(#32) Page request limit reached' });
  });

  it('says the post is gone once deleted, and asks to reconnect when Facebook refuses the token', async () => {
    const post = await publishedPost('Deleted soon');
    expect(await local.facebook.delete({ connection: post.connection, externalId: post.published.externalId })).toEqual({ kind: 'deleted' });
    expect(await local.facebook.readMetrics(post)).toEqual({ kind: 'rejected', message: 'The post is no longer on Facebook.' });
    const revoked = { ...post.connection, session: memorySession({ access_token: 'revoked' }) };
    expect(await local.facebook.readMetrics({ ...post, connection: revoked })).toMatchObject({ kind: 'reauthorize' });
  });
});
