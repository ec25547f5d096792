import { figuresRead, postGone } from '../metrics/post-figures';
import { MetricsOutcome, ProviderConnection } from '../publish-provider';
import { bearer, isTokenFailure, RedditApi } from './reddit-api';
import { redditFailure } from './reddit-errors';

/** A submission as `/api/info` lists it (a `t3` thing's `data`). */
interface Link {
  name?: unknown;
  ups?: unknown;
  num_comments?: unknown;
  num_crossposts?: unknown;
  removed_by_category?: unknown;
}

/**
 * The figures of a submission, read with `GET /api/info?id=<fullname>` (scope `read`): its upvotes
 * (likes), comments (replies) and crossposts (reposts). A submission Reddit no longer lists, or
 * lists as removed (deleted by its author, removed by a moderator or by Reddit), is gone.
 */
export async function readRedditMetrics(api: RedditApi, connection: ProviderConnection, fullname: string): Promise<MetricsOutcome> {
  const answer = await api.send(connection.session, (token) => ({ method: 'GET', url: `${api.apiUrl}/api/info?id=${encodeURIComponent(fullname)}&raw_json=1`, headers: bearer(token) }));
  if (isTokenFailure(answer)) return answer;
  if (answer.kind !== 'answer' || answer.status !== 200) return redditFailure(answer);
  const children = (answer.body as { data?: { children?: Array<{ data?: Link }> } } | null)?.data?.children ?? [];
  const link = children.map((child) => child.data).find((data) => data?.name === fullname);
  if (!link || (link.removed_by_category !== null && link.removed_by_category !== undefined)) return postGone('Reddit');
  return figuresRead({ likes: link.ups, replies: link.num_comments, reposts: link.num_crossposts });
}
