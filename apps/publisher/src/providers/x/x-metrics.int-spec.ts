import { FaultProxy } from '@test/providers/support/fault-proxy';
import { memorySession } from '@test/providers/support/memory-session';
import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { request } from '@test/providers/support/provider-scenarios';
import { XApiServer } from '@test/providers/x/x-api-server';
import { ProviderHttp } from '../http/provider-http';
import { MetricsRequest, ProviderConnection } from '../publish-provider';
import { XProvider } from './x-provider';

/** X's figures of a post (`GET /2/tweets/:id?tweet.fields=public_metrics`), read from a local server answering as the X API v2 reference documents. */
describe('XProvider reading the figures of a post', () => {
  let api: XApiServer;
  let proxy: FaultProxy;
  let x: XProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    api = await XApiServer.start();
    proxy = await FaultProxy.start(api.url);
    x = new XProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), { clientId: api.clientId, clientSecret: api.clientSecret, authUrl: `${proxy.url}/i/oauth2`, apiUrl: proxy.url });
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
  });

  async function publishedPost(text: string): Promise<MetricsRequest & { connection: ProviderConnection & { session: ReturnType<typeof memorySession> } }> {
    const user = api.addUser(`user${nextAccount}`);
    const tokens = api.tokensOf(user);
    const connection = { accountId: nextAccount++, settings: { user_id: user.id }, credentials: {}, session: memorySession({ ...tokens, expires_at: Date.now() + 3_600_000 }) };
    return { ...metricsRequest(connection, await x.publish(request(connection, text))), connection };
  }

  it('reads impressions, likes, replies, reposts, quotes and bookmarks (saves); clicks and views are not reported', async () => {
    const post = await publishedPost('Counted');
    api.setPublicMetrics(post.published.externalId, { impression_count: 1520, like_count: 31, reply_count: 4, retweet_count: 6, quote_count: 2, bookmark_count: 9 });
    const outcome = await x.readMetrics(post);
    expect(outcome).toEqual({ kind: 'read', metrics: { impressions: 1520, likes: 31, replies: 4, reposts: 6, quotes: 2, saves: 9 } });
    expect(namesOf(outcome)).toEqual(describedFigures('x'));
    expect(proxy.seen.at(-1)).toBe(`GET /2/tweets/${post.published.externalId}?tweet.fields=public_metrics`);
  });

  it('says the post is gone when X no longer has it (200 with a resource-not-found error)', async () => {
    const post = await publishedPost('Deleted soon');
    expect(await x.delete({ connection: post.connection, externalId: post.published.externalId })).toEqual({ kind: 'deleted' });
    expect(await x.readMetrics(post)).toEqual({ kind: 'rejected', message: 'The post is no longer on X.' });
  });

  it('refreshes a token about to expire first; waits until x-rate-limit-reset after a 429; asks to reconnect when the token is refused', async () => {
    const post = await publishedPost('Limited');
    const before = post.connection.session.current!.refresh_token;
    post.connection.session.current = { ...post.connection.session.current, expires_at: Date.now() + 60_000 };
    expect(await x.readMetrics(post)).toMatchObject({ kind: 'read' });
    expect(post.connection.session.current.refresh_token).not.toBe(before);

    const path = new RegExp(`^/2/tweets/${post.published.externalId}\\?`);
    proxy.failNext(path, { answer: { status: 429, headers: { 'x-rate-limit-reset': String(Math.ceil(Date.now() / 1000) + 600) }, body: { title: 'Too Many Requests', detail: 'Too Many Requests', type: 'about:blank', status: 429 } } });
    const limited = await x.readMetrics(post);
    expect(limited).toMatchObject({ kind: 'retry_later', message: 'Too Many Requests (HTTP 429)' });
    expect(limited.kind === 'retry_later' && limited.retryAfterMs).toBeGreaterThan(590_000);

    post.connection.session.current = { access_token: 'revoked', refresh_token: null, expires_at: null };
    expect(await x.readMetrics(post)).toEqual({ kind: 'reauthorize', message: 'Unauthorized' });
  });
});
