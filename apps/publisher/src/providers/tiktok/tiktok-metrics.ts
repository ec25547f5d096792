import { figuresRead, postGone } from '../metrics/post-figures';
import { MetricsOutcome } from '../publish-provider';
import { tiktokData, tiktokFailure, TikTokMessages } from './tiktok-errors';
import { bearer, TikTokCall } from './tiktok-post';

/** The fields of the video object read; its `share_count` (sends to other apps and chats) has no name in the product. */
const FIELDS = 'id,view_count,like_count,comment_count';

/** A post's public id: digits (a publish id, `v_pub_...`, stands in for a post TikTok gave none). */
const PUBLIC_ID = /^\d+$/;

/**
 * The figures of a creator's public post, as the Display API's video query gives them
 * (`POST /v2/video/query/`, scope `video.list`): views, likes and comments (replies). A post TikTok
 * does not list among the creator's videos any more is gone.
 */
export async function readTikTokMetrics(call: TikTokCall, postId: string): Promise<MetricsOutcome> {
  if (!PUBLIC_ID.test(postId)) return { kind: 'rejected', message: TikTokMessages.noPublicId };
  const answer = await call.http.send({ method: 'POST', url: `${call.apiUrl}/v2/video/query/?fields=${FIELDS}`, headers: bearer(call), json: { filters: { video_ids: [postId] } } });
  const data = tiktokData(answer);
  if (!data) return tiktokFailure(answer);
  const videos = Array.isArray(data.videos) ? (data.videos as Array<Record<string, unknown>>) : [];
  const video = videos.find((found) => String(found.id) === postId);
  if (!video) return postGone('TikTok');
  return figuresRead({ views: video.view_count, likes: video.like_count, replies: video.comment_count });
}
