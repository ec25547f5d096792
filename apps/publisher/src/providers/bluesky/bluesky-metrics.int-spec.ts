import { eventuallyPasses } from '@app/testing/eventually';
import { describeWithLocalNetwork, LocalNetwork, startLocalNetwork } from '@test/providers/bluesky/local-network';
import { FaultProxy } from '@test/providers/support/fault-proxy';
import { memorySession } from '@test/providers/support/memory-session';
import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { request } from '@test/providers/support/provider-scenarios';
import { ProviderHttp } from '../http/provider-http';
import { MetricsRequest, ProviderConnection } from '../publish-provider';
import { NOT_INDEXED_RETRY_MS } from './bluesky-metrics';
import { BlueskyProvider } from './bluesky-provider';

// The network (a PDS, its PLC directory and an AppView on PostgreSQL and Redis) takes some 40 s to start on a loaded machine.
jest.setTimeout(180_000);

/** What the AppView needs to index what the PDS took: a few seconds on a loaded machine. */
const INDEXING = { timeoutMs: 30_000, intervalMs: 250 };

type StrongRef = { uri: string; cid: string };

/**
 * Bluesky's figures of a post on a real network (`@atproto/dev-env`'s TestNetwork): the service
 * publishes with one account, another account likes, reposts, replies to and quotes the post, and
 * the provider reads the counts through the first account's PDS, as a client does.
 */
describeWithLocalNetwork('BlueskyProvider reading the figures of a post on a local network', () => {
  let network: LocalNetwork;
  let proxy: FaultProxy;
  let bluesky: BlueskyProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    network = await startLocalNetwork();
    proxy = await FaultProxy.start(network.url);
    bluesky = new BlueskyProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 10_000 }));
  }, 180_000);
  afterAll(async () => {
    await proxy?.stop();
    await network?.stop();
  });

  async function connection(): Promise<ProviderConnection> {
    const credentials = { identifier: network.author.handle, app_password: network.author.appPassword };
    const verified = await bluesky.verify({ service: proxy.url }, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession(verified.account.session) };
  }

  async function published(text: string): Promise<MetricsRequest> {
    const account = await connection();
    return metricsRequest(account, await bluesky.publish(request(account, text)));
  }

  /** An XRPC call of the reader's client to the PDS, with its session: the JSON answered. */
  async function xrpc(method: string, body: unknown, accessJwt?: string): Promise<Record<string, unknown>> {
    const response = await fetch(`${network.url}/xrpc/${method}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(accessJwt && { authorization: `Bearer ${accessJwt}` }) },
      body: JSON.stringify(body),
    });
    const answer = (await response.json()) as Record<string, unknown>;
    if (!response.ok) throw new Error(`${method}: ${response.status} ${JSON.stringify(answer)}`);
    return answer;
  }

  /** The reader likes, reposts, replies to and quotes the post, each a record of its repository. */
  async function readerAnswers(post: StrongRef): Promise<void> {
    const session = await xrpc('com.atproto.server.createSession', { identifier: network.reader.handle, password: network.reader.password });
    const create = (collection: string, record: Record<string, unknown>) =>
      xrpc('com.atproto.repo.createRecord', { repo: session.did, collection, record: { $type: collection, createdAt: new Date().toISOString(), ...record } }, String(session.accessJwt));
    await create('app.bsky.feed.like', { subject: post });
    await create('app.bsky.feed.repost', { subject: post });
    await create('app.bsky.feed.post', { text: 'A reply', reply: { root: post, parent: post } });
    await create('app.bsky.feed.post', { text: 'A quote', embed: { $type: 'app.bsky.embed.record', record: post } });
  }

  it('reads the likes, reposts, replies and quotes of the post through the PDS, once the AppView has indexed them; the other figures are not reported', async () => {
    const post = await published('Answered by a reader');
    await eventuallyPasses(async () => expect(await bluesky.readMetrics(post)).toEqual({ kind: 'read', metrics: { likes: 0, reposts: 0, replies: 0, quotes: 0 } }), INDEXING);
    await readerAnswers({ uri: post.published.externalId, cid: String(post.published.reference) });
    await eventuallyPasses(async () => expect(await bluesky.readMetrics(post)).toEqual({ kind: 'read', metrics: { likes: 1, reposts: 1, replies: 1, quotes: 1 } }), INDEXING);
    expect(namesOf(await bluesky.readMetrics(post))).toEqual(describedFigures('bluesky'));
    expect(proxy.seen).toContain(`GET /xrpc/app.bsky.feed.getPosts?${new URLSearchParams({ uris: post.published.externalId })}`);
  });

  it('refreshes a session whose access token the PDS refuses, once, and reads', async () => {
    const post = await published('Read with a refreshed session');
    const session = await post.connection.session.load();
    await post.connection.session.save({ ...session, accessJwt: 'refused' });
    await eventuallyPasses(async () => expect(await bluesky.readMetrics(post)).toMatchObject({ kind: 'read', metrics: { likes: 0 } }), INDEXING);
    expect((await post.connection.session.load())?.accessJwt).not.toBe('refused');
  });

  it('waits while the AppView has not indexed a post the PDS has, and for a 429 as long as ratelimit-reset says; the post is gone once its record is deleted', async () => {
    const post = await published('Deleted soon');
    // What the AppView answers for a post it has not indexed yet: no post view.
    proxy.failNext(/app\.bsky\.feed\.getPosts/, { answer: { status: 200, body: { posts: [] } } });
    expect(await bluesky.readMetrics(post)).toEqual({ kind: 'retry_later', message: 'Bluesky has not indexed the post yet.', retryAfterMs: NOT_INDEXED_RETRY_MS });
    proxy.failNext(/app\.bsky\.feed\.getPosts/, { answer: { status: 429, headers: { 'ratelimit-reset': String(Math.ceil(Date.now() / 1000) + 300) }, body: { error: 'RateLimitExceeded', message: 'Rate Limit Exceeded' } } });
    const limited = await bluesky.readMetrics(post);
    expect(limited).toMatchObject({ kind: 'retry_later', message: 'Rate Limit Exceeded (HTTP 429)' });
    expect(limited.kind === 'retry_later' && limited.retryAfterMs).toBeGreaterThan(290_000);
    expect(await bluesky.delete({ connection: post.connection, externalId: post.published.externalId })).toEqual({ kind: 'deleted' });
    await eventuallyPasses(async () => expect(await bluesky.readMetrics(post)).toEqual({ kind: 'rejected', message: 'The post is no longer on Bluesky.' }), INDEXING);
  });
});
