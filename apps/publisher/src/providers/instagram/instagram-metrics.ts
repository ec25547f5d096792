import { PostMetricName } from '@app/domain';
import { graphErrorOf, isMissingObject } from '../graph-api/graph-error';
import { insightValues } from '../graph-api/graph-insights';
import { figuresRead, postGone } from '../metrics/post-figures';
import { MetricsOutcome } from '../publish-provider';
import { instagramFailure } from './instagram-errors';
import { InstagramGraph, okBody } from './instagram-graph';

/**
 * The media insights read for each product type of media, by the product's names: what Instagram
 * reports for that type (a feed post and a reel are viewed and saved; a story is viewed and
 * replied to by message). Instagram refuses a metric the type does not report, so the type is read
 * first. Its `shares` (sends to a chat or a story) have no name in the product: left out.
 */
const INSIGHTS: Record<string, Partial<Record<PostMetricName, string>>> = {
  FEED: { views: 'views', saves: 'saved' },
  REELS: { views: 'views', saves: 'saved' },
  STORY: { views: 'views', replies: 'replies' },
};

/** Instagram's refusal to show insights of media too few people saw (code 10): the counts of the media stand alone then. */
const NOT_ENOUGH_VIEWERS = 10;

/** What `GET /{ig-media-id}` answers of the fields read. */
interface MediaCounts {
  media_product_type?: unknown;
  like_count?: unknown;
  comments_count?: unknown;
}

/**
 * The figures of a published media: its likes and comments (replies) as the media's own counts
 * (`like_count`, `comments_count`; a story has none), then the insights its product type reports
 * (`GET /{ig-media-id}/insights`, permission `instagram_business_manage_insights`).
 */
export async function readInstagramMetrics(graph: InstagramGraph, mediaId: string): Promise<MetricsOutcome> {
  const media = await graph.get(encodeURIComponent(mediaId), { fields: 'media_product_type,like_count,comments_count' });
  if (isMissingObject(media)) return postGone('Instagram');
  const fields = okBody<MediaCounts>(media);
  if (!fields) return instagramFailure(media);
  const counts = { likes: fields.like_count, replies: fields.comments_count };
  const wanted = Object.entries(INSIGHTS[String(fields.media_product_type)] ?? {}) as [PostMetricName, string][];
  if (wanted.length === 0) return figuresRead(counts);
  const answer = await graph.get(`${encodeURIComponent(mediaId)}/insights`, { metric: wanted.map(([, metric]) => metric).join(',') });
  if (graphErrorOf(answer)?.code === NOT_ENOUGH_VIEWERS) return figuresRead(counts);
  if (!okBody(answer)) return instagramFailure(answer);
  const values = insightValues(answer.kind === 'answer' ? answer.body : null);
  return figuresRead({ ...counts, ...Object.fromEntries(wanted.map(([name, metric]) => [name, values[metric]])) });
}
