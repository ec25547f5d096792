import { GraphAnswer, graphError, ok } from './instagram-graph-answers';
import type { InstagramMedia } from './instagram-media-library';

/** The media insights each product type of media reports (Instagram Media Insights reference, Instagram API with Instagram Login). */
const METRICS_OF: Record<InstagramMedia['productType'], readonly string[]> = {
  FEED: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'follows', 'profile_visits', 'profile_activity'],
  REELS: ['views', 'reach', 'likes', 'comments', 'shares', 'saved', 'total_interactions', 'ig_reels_avg_watch_time', 'ig_reels_video_view_total_time'],
  STORY: ['views', 'reach', 'replies', 'shares', 'total_interactions', 'follows', 'profile_visits', 'profile_activity', 'navigation'],
};

/**
 * `GET /{ig-media-id}/insights?metric=...` (`instagram_business_manage_insights`): one entry per
 * metric asked for, `{name, period: 'lifetime', values: [{value}], title, description, id}`, a
 * metric the media's product type does not report refused as Instagram refuses it, and media too
 * few people saw refused with error 10.
 */
export function mediaInsights(media: InstagramMedia, metric: string | null): GraphAnswer {
  const names = (metric ?? '').split(',').filter(Boolean);
  if (names.length === 0) return graphError({ message: '(#100) The parameter metric is required', type: 'OAuthException', code: 100 });
  const unsupported = names.find((name) => !METRICS_OF[media.productType].includes(name));
  if (unsupported) return graphError({ message: `(#100) The Media Insights API does not support the ${unsupported} metric for this media product type.`, type: 'OAuthException', code: 100 });
  if (media.tooFewViewers) return graphError({ message: '(#10) Not enough viewers for the media to show insights', type: 'OAuthException', code: 10 });
  const data = names.map((name) => ({
    name,
    period: 'lifetime',
    values: [{ value: media.insights[name] ?? 0 }],
    title: name.replace(/_/g, ' ').replace(/^./, (first) => first.toUpperCase()),
    description: `The ${name.replace(/_/g, ' ')} of the media.`,
    id: `${media.id}/insights/${name}/lifetime`,
  }));
  return ok({ data });
}
