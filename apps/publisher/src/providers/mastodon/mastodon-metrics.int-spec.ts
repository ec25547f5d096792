import { postMetricsOf } from '@app/domain';
import { FaultProxy } from '@test/providers/support/fault-proxy';
import { MastodonApiServer } from '@test/providers/mastodon/mastodon-api-server';
import { memorySession } from '@test/providers/support/memory-session';
import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { request } from '@test/providers/support/provider-scenarios';
import { ProviderHttp } from '../http/provider-http';
import { MetricsRequest, ProviderConnection } from '../publish-provider';
import { MastodonProvider } from './mastodon-provider';

/** Mastodon's figures of a status (`GET /api/v1/statuses/:id`), read from a local server answering as the API reference documents. */
describe('MastodonProvider reading the figures of a status', () => {
  let api: MastodonApiServer;
  let proxy: FaultProxy;
  let mastodon: MastodonProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    api = await MastodonApiServer.start();
    proxy = await FaultProxy.start(api.url);
    mastodon = new MastodonProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }));
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
  });

  function connection(): ProviderConnection {
    const accountId = nextAccount++;
    return { accountId, settings: { instance: proxy.url }, credentials: { access_token: api.addAccount(`reader${accountId}`, 'Ada') }, session: memorySession() };
  }

  async function publishedStatus(text: string): Promise<MetricsRequest> {
    const account = connection();
    return metricsRequest(account, await mastodon.publish(request(account, text)));
  }

  it('reads the favourites, boosts and replies as likes, reposts and replies; the figures Mastodon does not give stay null', async () => {
    const status = await publishedStatus('Counted');
    api.setCounts(status.published.externalId, { favourites_count: 12, reblogs_count: 3, replies_count: 4 });
    const outcome = await mastodon.readMetrics(status);
    expect(outcome).toEqual({ kind: 'read', metrics: { likes: 12, reposts: 3, replies: 4 } });
    expect(namesOf(outcome)).toEqual(describedFigures('mastodon'));
    if (outcome.kind !== 'read') throw new Error('expected read');
    expect(postMetricsOf(outcome.metrics)).toEqual({ impressions: null, likes: 12, replies: 4, reposts: 3, quotes: null, saves: null, clicks: null, views: null });
  });

  it('reads 0 as 0: a status nobody answered', async () => {
    expect(await mastodon.readMetrics(await publishedStatus('Unnoticed'))).toEqual({ kind: 'read', metrics: { likes: 0, reposts: 0, replies: 0 } });
  });

  it('says the post is gone once the status is deleted', async () => {
    const status = await publishedStatus('Deleted soon');
    expect(await mastodon.delete({ connection: status.connection, externalId: status.published.externalId })).toEqual({ kind: 'deleted' });
    expect(await mastodon.readMetrics(status)).toEqual({ kind: 'rejected', message: 'The post is no longer on Mastodon.' });
  });

  it('waits as long as X-RateLimit-Reset says after a 429, tries again later after a 5xx, and asks to reconnect after a 401', async () => {
    const status = await publishedStatus('Throttled');
    const path = new RegExp(`^/api/v1/statuses/${status.published.externalId}$`);
    proxy.failNext(path, { answer: { status: 429, headers: { 'x-ratelimit-reset': new Date(Date.now() + 120_000).toISOString() }, body: { error: 'Too many requests' } } });
    const limited = await mastodon.readMetrics(status);
    expect(limited).toMatchObject({ kind: 'retry_later', message: 'Too many requests (HTTP 429)' });
    expect(limited.kind === 'retry_later' && limited.retryAfterMs).toBeGreaterThan(110_000);
    proxy.failNext(path, { answer: { status: 503, body: { error: 'Service unavailable' } } });
    expect(await mastodon.readMetrics(status)).toMatchObject({ kind: 'retry_later', message: 'Service unavailable (HTTP 503)' });
    const revoked = { ...status, connection: { ...status.connection, credentials: { access_token: 'revoked' } } };
    expect(await mastodon.readMetrics(revoked)).toEqual({ kind: 'reauthorize', message: 'The access token is invalid' });
  });
});
