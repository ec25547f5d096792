import { LocalThreads, ThreadsConnection } from '@test/providers/threads/local-threads';
import { describedFigures, metricsRequest, namesOf } from '@test/providers/support/metrics-request';
import { request } from '@test/providers/support/provider-scenarios';
import { MetricsRequest } from '../publish-provider';
import { ThreadsProvider } from './threads-provider';

/** Threads' figures of a post (`GET /{media-id}/insights`), read from a local Threads answering as the Threads API reference documents. */
describe('ThreadsProvider reading the figures of a post', () => {
  let local: LocalThreads;
  let threads: ThreadsProvider;

  beforeAll(async () => {
    local = await LocalThreads.start();
    threads = local.provider();
  });
  afterAll(() => local?.stop());

  async function publishedPost(text: string, scopes?: readonly string[]): Promise<MetricsRequest & { connection: ThreadsConnection }> {
    const connection = await local.connected(threads, local.api.credentialsOf(local.api.addUser(`user${Date.now()}`), scopes));
    return { ...metricsRequest(connection, await threads.publish(request(connection, text))), connection };
  }

  it('reads the views, likes, replies, reposts and quotes of its insights; shares, impressions, saves and clicks are not reported', async () => {
    const post = await publishedPost('Counted');
    Object.assign(local.api.postOf(post.published.externalId)!.insights, { views: 2400, likes: 87, replies: 12, reposts: 5, quotes: 3, shares: 9 });
    local.proxy.seen.length = 0;
    const outcome = await threads.readMetrics(post);
    expect(outcome).toEqual({ kind: 'read', metrics: { views: 2400, likes: 87, replies: 12, reposts: 5, quotes: 3 } });
    expect(namesOf(outcome)).toEqual(describedFigures('threads'));
    expect(local.proxy.seen).toEqual([`GET /v1.0/${post.published.externalId}/insights?metric=views,likes,replies,reposts,quotes`]);
  });

  it('says the post is gone once deleted, and passes on Threads’ refusal when the token lacks threads_manage_insights', async () => {
    const post = await publishedPost('Deleted soon');
    expect(await threads.delete({ connection: post.connection, externalId: post.published.externalId })).toEqual({ kind: 'deleted' });
    expect(await threads.readMetrics(post)).toEqual({ kind: 'rejected', message: 'The post is no longer on Threads.' });
    const withoutInsights = await publishedPost('Not allowed', ['threads_basic', 'threads_content_publish']);
    expect(await threads.readMetrics(withoutInsights)).toEqual({ kind: 'rejected', message: '(#10) Application does not have permission for this action' });
  });
});
