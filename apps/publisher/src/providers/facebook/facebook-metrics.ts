import { isMissingObject } from '../graph-api/graph-error';
import { insightValues } from '../graph-api/graph-insights';
import { figuresRead, postGone } from '../metrics/post-figures';
import { MetricsOutcome } from '../publish-provider';
import { facebookFailure } from './facebook-errors';
import { GraphClient, okBody } from './facebook-graph';

/** The post's counts, as Facebook answers them with summaries (`shares` is left out while nobody shared the post). */
interface PostCounts {
  reactions?: { summary?: { total_count?: unknown } };
  comments?: { summary?: { total_count?: unknown } };
  shares?: { count?: unknown };
}

/** Its reactions, comments and shares, each a summary without the list itself. */
const COUNT_FIELDS = 'reactions.summary(total_count).limit(0),comments.summary(total_count).limit(0),shares';

/** The post insights read: how many times the post was on screen (Meta's "views", which replaced impressions), and clicks on it. */
const INSIGHTS = 'post_media_view,post_clicks';

/**
 * The Page's post of a published item: a feed post's or a story's id is the post's
 * (`{page}_{post}`); a video's or a reel's post on the Page is `{page}_{video}`.
 */
const postIdOf = (pageId: string, externalId: string): string => (externalId.includes('_') ? externalId : `${pageId}_${externalId}`);

/**
 * The figures of a Page's post: its reactions (likes), comments (replies) and shares (reposts) as
 * the post's summaries (`pages_read_engagement`), then its lifetime insights, views and clicks
 * (`read_insights`). Insights Facebook refuses (a Page connected before the service asked for
 * `read_insights`, a Page too small to have insights) leave the counts standing; a passing failure
 * or a refused token does not.
 */
export async function readFacebookMetrics(graph: GraphClient, pageId: string, externalId: string): Promise<MetricsOutcome> {
  const postId = postIdOf(pageId, externalId);
  const answer = await graph.get(postId, { fields: COUNT_FIELDS });
  if (isMissingObject(answer)) return postGone('Facebook');
  const post = okBody<PostCounts>(answer);
  if (!post) return facebookFailure(answer);
  const counts = { likes: post.reactions?.summary?.total_count, replies: post.comments?.summary?.total_count, reposts: post.shares?.count ?? 0 };
  const insights = await graph.get(`${postId}/insights`, { metric: INSIGHTS, period: 'lifetime' });
  if (!okBody(insights)) {
    const failure = facebookFailure(insights);
    return failure.kind === 'rejected' ? figuresRead(counts) : failure;
  }
  const values = insightValues(insights.kind === 'answer' ? insights.body : null);
  return figuresRead({ ...counts, views: values.post_media_view, clicks: values.post_clicks });
}
