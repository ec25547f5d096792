import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { request } from '@test/providers/support/provider-scenarios';
import { RedditConnection, RedditFixture, SCENARIO_OPTIONS } from '@test/providers/reddit/reddit-fixture';
import { MetricsRequest } from '../publish-provider';
import { RedditProvider } from './reddit-provider';

/** A submission's figures (`GET /api/info`), read from a local Reddit answering as Reddit's API reference documents. */
describe('RedditProvider reading the figures of a submission', () => {
  let reddit: RedditFixture;
  let provider: RedditProvider;

  beforeAll(async () => {
    reddit = await RedditFixture.start();
    provider = reddit.provider();
  });
  afterAll(() => reddit?.stop());

  async function submitted(text: string): Promise<MetricsRequest & { connection: RedditConnection }> {
    const connection = await reddit.connection(provider);
    return { ...metricsRequest(connection, await provider.publish({ ...request(connection, text), options: SCENARIO_OPTIONS })), connection };
  }

  it('reads the upvotes, comments and crossposts as likes, replies and reposts; the other figures are not reported', async () => {
    const post = await submitted('Counted');
    Object.assign(reddit.api.posts.find((found) => `t3_${found.id}` === post.published.externalId)!.counts, { ups: 250, num_comments: 41, num_crossposts: 3 });
    reddit.proxy.seen.length = 0;
    const outcome = await provider.readMetrics(post);
    expect(outcome).toEqual({ kind: 'read', metrics: { likes: 250, replies: 41, reposts: 3 } });
    expect(namesOf(outcome)).toEqual(describedFigures('reddit'));
    expect(reddit.proxy.seen).toEqual([`GET /api/info?id=${post.published.externalId}&raw_json=1`]);
  });

  it('says a deleted submission is gone, though Reddit still lists it (removed_by_category)', async () => {
    const post = await submitted('Deleted soon');
    expect(await provider.delete({ connection: post.connection, externalId: post.published.externalId })).toEqual({ kind: 'deleted' });
    expect(await provider.readMetrics(post)).toEqual({ kind: 'rejected', message: 'The post is no longer on Reddit.' });
  });

  it('refreshes an access token Reddit refuses, once; waits for the window’s reset after a 429', async () => {
    const post = await submitted('Read again');
    post.connection.session.current = { ...post.connection.session.current, access_token: 'revoked' };
    expect(await provider.readMetrics(post)).toMatchObject({ kind: 'read', metrics: { likes: 1 } });
    expect(post.connection.session.current.access_token).not.toBe('revoked');
    reddit.proxy.failNext(/^\/api\/info\?/, { answer: { status: 429, headers: { 'x-ratelimit-reset': '120' }, body: { message: 'Too Many Requests', error: 429 } } });
    expect(await provider.readMetrics(post)).toEqual({ kind: 'retry_later', message: 'Too Many Requests (HTTP 429)', retryAfterMs: 120_000 });
  });
});
