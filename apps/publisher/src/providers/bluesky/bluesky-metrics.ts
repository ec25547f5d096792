import { HttpAnswer, ProviderHttp } from '../http/provider-http';
import { figuresRead, postGone } from '../metrics/post-figures';
import { MetricsOutcome, MetricsRequest } from '../publish-provider';
import { BlueskySessions, failureOf, serviceOf } from './bluesky-session';

/** How long to wait when the post is on the PDS but the AppView has not indexed it yet (it follows the PDS within seconds). */
export const NOT_INDEXED_RETRY_MS = 30_000;

/** A post as `app.bsky.feed.getPosts` answers it: its counts are the AppView's. */
interface PostView {
  uri?: unknown;
  likeCount?: unknown;
  repostCount?: unknown;
  replyCount?: unknown;
  quoteCount?: unknown;
}

/**
 * The figures of a post, read as a Bluesky client reads them: `app.bsky.feed.getPosts` asked of
 * the account's PDS with its session, which the PDS answers from its AppView. Likes, reposts,
 * replies and quotes are the post view's counts. A post the AppView does not list is gone when its
 * record is gone from the PDS too; while the record is there, the AppView has not indexed it yet.
 */
export async function readBlueskyMetrics(http: ProviderHttp, sessions: BlueskySessions, { connection, published }: MetricsRequest): Promise<MetricsOutcome> {
  const service = serviceOf(connection.settings);
  const query = new URLSearchParams({ uris: published.externalId });
  const ran = await sessions.run(connection, (session) =>
    http.send({ method: 'GET', url: `${service}/xrpc/app.bsky.feed.getPosts?${query}`, headers: { authorization: `Bearer ${session.accessJwt}` } }),
  );
  if ('kind' in ran) return ran;
  const { answer } = ran;
  if (answer.kind !== 'answer' || answer.status !== 200) return failureOf(answer, true);
  const post = ((answer.body as { posts?: PostView[] } | null)?.posts ?? []).find((view) => view.uri === published.externalId);
  if (post) return figuresRead({ likes: post.likeCount, reposts: post.repostCount, replies: post.replyCount, quotes: post.quoteCount });
  const record = await readRecord(http, service, published.externalId);
  if (record.kind === 'answer' && record.status === 200) return { kind: 'retry_later', message: 'Bluesky has not indexed the post yet.', retryAfterMs: NOT_INDEXED_RETRY_MS };
  if (record.kind === 'answer' && record.status === 400 && (record.body as { error?: unknown } | null)?.error === 'RecordNotFound') return postGone('Bluesky');
  return failureOf(record, true);
}

/** The record an `at://<repo>/<collection>/<rkey>` URI names, as the PDS answers `com.atproto.repo.getRecord` (400 RecordNotFound when it has none). */
function readRecord(http: ProviderHttp, service: string, uri: string): Promise<HttpAnswer> {
  const [repo = '', collection = '', rkey = ''] = uri.replace(/^at:\/\//, '').split('/');
  const query = new URLSearchParams({ repo, collection, rkey });
  return http.send({ method: 'GET', url: `${service}/xrpc/com.atproto.repo.getRecord?${query}` });
}
