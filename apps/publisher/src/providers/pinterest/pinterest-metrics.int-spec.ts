import { FaultProxy } from '@test/providers/support/fault-proxy';
import { memorySession } from '@test/providers/support/memory-session';
import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { pngMedia, request } from '@test/providers/support/provider-scenarios';
import { SignedMediaServer } from '@test/providers/support/signed-media-server';
import { PinterestApiServer, PinterestUser } from '@test/providers/pinterest/pinterest-api-server';
import { ProviderHttp } from '../http/provider-http';
import { MetricsRequest, ProviderConnection } from '../publish-provider';
import { PinterestProvider } from './pinterest-provider';

type Pinned = MetricsRequest & { connection: ProviderConnection & { session: ReturnType<typeof memorySession> }; user: PinterestUser };

/** A pin's figures (`GET /v5/pins/{pin_id}/analytics`), read from a local Pinterest answering as the API v5 reference documents it. */
describe('PinterestProvider reading the figures of a pin', () => {
  let api: PinterestApiServer;
  let proxy: FaultProxy;
  let media: SignedMediaServer;
  let pinterest: PinterestProvider;

  beforeAll(async () => {
    api = await PinterestApiServer.start();
    proxy = await FaultProxy.start(api.url);
    media = await SignedMediaServer.start();
    const app = { clientId: api.clientId, clientSecret: api.clientSecret, authUrl: `${proxy.url}/oauth`, apiUrl: `${proxy.url}/v5`, tokenUrl: `${proxy.url}/v5/oauth/token` };
    pinterest = new PinterestProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), app, { timeoutMs: 10_000, intervalMs: 20 });
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
    await media?.stop();
  });

  /** An image pinned by a new user on their board. */
  async function pinned(): Promise<Pinned> {
    const { user, board } = api.addUser(`pinner${api.pins.length}`);
    const connection = { accountId: api.pins.length + 1, settings: { board_id: board.id }, credentials: {}, session: memorySession({ ...api.tokensOf(user), expires_at: null }) };
    const outcome = await pinterest.publish(request(connection, 'Counted', undefined, [await media.serve(pngMedia(64, 48))]));
    return { ...metricsRequest(connection, outcome), connection, user };
  }

  it('reads the impressions, saves and clicks of the last 90 days, and the comments and reactions of its life; views, reposts and quotes are not reported', async () => {
    const pin = await pinned();
    api.analytics.figures.set(pin.published.externalId, { IMPRESSION: 3100, SAVE: 44, PIN_CLICK: 120, OUTBOUND_CLICK: 60, TOTAL_COMMENTS: 3, TOTAL_REACTIONS: 25 });
    proxy.seen.length = 0;
    const outcome = await pinterest.readMetrics(pin);
    expect(outcome).toEqual({ kind: 'read', metrics: { impressions: 3100, saves: 44, clicks: 120, replies: 3, likes: 25 } });
    expect(namesOf(outcome)).toEqual(describedFigures('pinterest'));
    const day = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);
    const query = new URLSearchParams({ start_date: day(89), end_date: day(0), metric_types: 'IMPRESSION,SAVE,PIN_CLICK,TOTAL_COMMENTS,TOTAL_REACTIONS', app_types: 'ALL', split_field: 'NO_SPLIT' });
    expect(proxy.seen).toEqual([`GET /v5/pins/${pin.published.externalId}/analytics?${query}`]);
  });

  it('says a deleted pin is gone; refreshes a refused access token once, and asks to reconnect when the refresh is refused too', async () => {
    const pin = await pinned();
    expect(await pinterest.delete({ connection: pin.connection, externalId: pin.published.externalId })).toEqual({ kind: 'deleted' });
    expect(await pinterest.readMetrics(pin)).toEqual({ kind: 'rejected', message: 'The post is no longer on Pinterest.' });

    const other = await pinned();
    api.revokeTokens(other.user, 'access');
    expect(await pinterest.readMetrics(other)).toMatchObject({ kind: 'read', metrics: { impressions: 0 } });
    api.revokeTokens(other.user);
    other.connection.session.current = { ...other.connection.session.current, access_token: 'revoked' };
    expect(await pinterest.readMetrics(other)).toMatchObject({ kind: 'reauthorize', message: expect.stringContaining('The platform refused to refresh the access token') });
  });

  it('waits as long as x-ratelimit-reset says after a 429', async () => {
    const pin = await pinned();
    proxy.failNext(/\/analytics\?/, { answer: { status: 429, headers: { 'x-ratelimit-reset': '42' }, body: { code: 8, message: 'You have exceeded your rate limit. Try again later.' } } });
    expect(await pinterest.readMetrics(pin)).toEqual({ kind: 'retry_later', message: 'You have exceeded your rate limit. Try again later. (HTTP 429)', retryAfterMs: 42_000 });
  });
});
