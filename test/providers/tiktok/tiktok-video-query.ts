import type { TikTokContentPosting } from './tiktok-content-posting';
import { apiError, apiOk, TikTokAnswer, TikTokGrant } from './tiktok-oauth';

/** The counts of a video, as the Display API's video object names them. */
export interface VideoCounts {
  view_count: number;
  like_count: number;
  comment_count: number;
  share_count: number;
}

/** The fields of a video object that the local TikTok knows (Display API reference). */
const VIDEO_FIELDS = ['id', 'create_time', 'title', 'video_description', 'share_url', 'duration', 'view_count', 'like_count', 'comment_count', 'share_count'] as const;

/** The most video ids one query takes. */
const MAX_VIDEO_IDS = 20;

/**
 * The Display API's `POST /v2/video/query/?fields=...` (`video.list` scope), as its reference
 * documents it: the creator's own public posts among `filters.video_ids` (at most 20), each with
 * the fields asked for (`id` as a string); an id that is not one of them is left out of `videos`.
 */
export class TikTokVideoQuery {
  /** The counts of each public post, by its id; every count 0 until a test sets it. */
  readonly counts = new Map<string, VideoCounts>();

  constructor(private readonly posting: TikTokContentPosting) {}

  query({ creator, scopes }: TikTokGrant, fields: string, body: Record<string, unknown>): TikTokAnswer {
    if (!scopes.includes('video.list')) return apiError(401, 'scope_not_authorized', 'The user did not authorize the scope required for completing this request.');
    const asked = fields.split(',').filter(Boolean);
    if (asked.length === 0 || asked.some((field) => !(VIDEO_FIELDS as readonly string[]).includes(field))) return apiError(400, 'invalid_params', 'The fields parameter is invalid.');
    const ids = (body.filters as { video_ids?: unknown } | undefined)?.video_ids;
    if (!Array.isArray(ids) || ids.length === 0 || ids.length > MAX_VIDEO_IDS) return apiError(400, 'invalid_params', `filters.video_ids must hold 1 to ${MAX_VIDEO_IDS} video ids.`);
    const posts = this.posting.publishes.filter((publish) => publish.openId === creator.openId && publish.postId !== null && ids.map(String).includes(publish.postId));
    const videos = posts.map((publish) => {
      const values: Record<string, unknown> = {
        id: publish.postId,
        create_time: Math.floor(Date.now() / 1000),
        title: publish.text,
        video_description: publish.text,
        share_url: `https://www.tiktok.com/@${creator.username}/video/${publish.postId}`,
        duration: 1,
        ...(this.counts.get(publish.postId!) ?? { view_count: 0, like_count: 0, comment_count: 0, share_count: 0 }),
      };
      return Object.fromEntries(asked.map((field) => [field, values[field]]));
    });
    return apiOk({ videos, cursor: 0, has_more: false });
  }
}
