import { FaultProxy } from '@test/providers/support/fault-proxy';
import { LinkedInApiServer } from '@test/providers/linkedin/linkedin-api-server';
import { memorySession } from '@test/providers/support/memory-session';
import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { request } from '@test/providers/support/provider-scenarios';
import { ProviderHttp } from '../http/provider-http';
import { MetricsRequest, ProviderConnection } from '../publish-provider';
import { LinkedInProvider } from './linkedin-provider';

/** A member's post figures (Member Post Statistics, `GET /rest/memberCreatorPostAnalytics`), read from a local LinkedIn answering as its references document. */
describe('LinkedInProvider reading the figures of a member’s post', () => {
  let api: LinkedInApiServer;
  let proxy: FaultProxy;
  let linkedin: LinkedInProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    api = await LinkedInApiServer.start();
    proxy = await FaultProxy.start(api.url);
    linkedin = new LinkedInProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), { clientId: api.clientId, clientSecret: api.clientSecret, authUrl: `${proxy.url}/oauth/v2`, apiUrl: proxy.url });
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
  });

  async function postedBy(credentials = api.tokensOf(api.addMember(`Member ${nextAccount}`))): Promise<MetricsRequest & { connection: ProviderConnection }> {
    const verified = await linkedin.verify({}, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    const connection = { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session ?? null) };
    return { ...metricsRequest(connection, await linkedin.publish(request(connection, `Counted ${nextAccount}`))), connection };
  }

  it('reads the impressions, reactions, comments and reshares of the post, one query type a call; the other figures are not reported', async () => {
    const post = await postedBy();
    api.analytics.counts.set(post.published.externalId, { IMPRESSION: 4200, MEMBERS_REACHED: 3000, REACTION: 85, COMMENT: 12, RESHARE: 4 });
    proxy.seen.length = 0;
    const outcome = await linkedin.readMetrics(post);
    expect(outcome).toEqual({ kind: 'read', metrics: { impressions: 4200, likes: 85, replies: 12, reposts: 4 } });
    expect(namesOf(outcome)).toEqual(describedFigures('linkedin'));
    const entity = `(share:${encodeURIComponent(post.published.externalId)})`;
    expect(proxy.seen).toEqual(['IMPRESSION', 'REACTION', 'COMMENT', 'RESHARE'].map((type) => `GET /rest/memberCreatorPostAnalytics?q=entity&entity=${entity}&queryType=${type}&aggregation=TOTAL`));
  });

  it('says a deleted post is gone, and asks to reconnect when LinkedIn refuses the token', async () => {
    const post = await postedBy();
    expect(await linkedin.delete({ connection: post.connection, externalId: post.published.externalId })).toEqual({ kind: 'deleted' });
    expect(await linkedin.readMetrics(post)).toEqual({ kind: 'rejected', message: 'The post is no longer on LinkedIn.' });
    const revoked = { ...post.connection, session: memorySession({ access_token: 'revoked', refresh_token: null, expires_at: null }) };
    expect(await linkedin.readMetrics({ ...post, connection: revoked })).toEqual({ kind: 'reauthorize', message: 'Invalid access token' });
  });

  it('tries again later after a 429, with the wait of its Retry-After', async () => {
    const post = await postedBy();
    proxy.failNext(/^\/rest\/memberCreatorPostAnalytics\?/, { answer: { status: 429, headers: { 'retry-after': '30' }, body: { status: 429, message: 'Resource level throttle limit for calls to this resource is reached.' } } });
    expect(await linkedin.readMetrics(post)).toEqual({ kind: 'retry_later', message: 'Resource level throttle limit for calls to this resource is reached. (HTTP 429)', retryAfterMs: 30_000 });
  });
});
