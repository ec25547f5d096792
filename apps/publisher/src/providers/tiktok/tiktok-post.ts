import { PostMessages } from '@app/domain';
import { TikTokOptions } from '@app/platforms';
import { ProviderHttp } from '../http/provider-http';
import { ProviderFailure, PublishMedia } from '../publish-provider';
import { tiktokData, tiktokFailure, TikTokMessages } from './tiktok-errors';

/** What every call of one creator needs: the HTTP client, TikTok's API and the creator's access token. */
export interface TikTokCall {
  http: ProviderHttp;
  apiUrl: string;
  token: string;
}

export const bearer = (call: TikTokCall): Record<string, string> => ({ authorization: `Bearer ${call.token}` });

/** What TikTok tells of a creator before a post (`POST /v2/post/publish/creator_info/query/`). */
export interface CreatorInfo {
  creator_username: string;
  creator_nickname: string;
  /** The privacy levels the account offers now (a private account offers no public level). */
  privacy_level_options: string[];
  comment_disabled: boolean;
  duet_disabled: boolean;
  stitch_disabled: boolean;
  max_video_post_duration_sec: number;
}

/**
 * The creator as TikTok sees them now. TikTok asks apps to query it before every post: a creator
 * who cannot post now (the daily cap reached, banned from posting) is refused here, with TikTok's reason.
 */
export async function queryCreator(call: TikTokCall): Promise<CreatorInfo | ProviderFailure> {
  const answer = await call.http.send({ method: 'POST', url: `${call.apiUrl}/v2/post/publish/creator_info/query/`, headers: bearer(call), json: {} });
  const found = tiktokData(answer);
  if (!found) return tiktokFailure(answer);
  const data = found as Partial<CreatorInfo>;
  return {
    creator_username: data.creator_username ?? '',
    creator_nickname: data.creator_nickname ?? '',
    privacy_level_options: Array.isArray(data.privacy_level_options) ? data.privacy_level_options : [],
    comment_disabled: data.comment_disabled === true,
    duet_disabled: data.duet_disabled === true,
    stitch_disabled: data.stitch_disabled === true,
    max_video_post_duration_sec: typeof data.max_video_post_duration_sec === 'number' ? data.max_video_post_duration_sec : 0,
  };
}

/** The settings of a post in `post_info`: who sees it, and which interactions are off. */
export interface TikTokPostSettings {
  privacy_level: string;
  disable_comment: boolean;
  disable_duet: boolean;
  disable_stitch: boolean;
}

/**
 * The post's settings for the creator as TikTok describes them now: the privacy level the version
 * chose must still be offered (it was checked against the levels known when the post was
 * scheduled); an interaction the creator turned off for their account stays off.
 */
export function postSettingsFor(creator: CreatorInfo, options: TikTokOptions): TikTokPostSettings | ProviderFailure {
  const offered = creator.privacy_level_options;
  if (options.privacy_level === null) return { kind: 'rejected', message: TikTokMessages.privacyLevelRequired(offered) };
  if (!offered.includes(options.privacy_level)) return { kind: 'rejected', message: TikTokMessages.privacyLevelWithdrawn(options.privacy_level, offered) };
  return { privacy_level: options.privacy_level, disable_comment: options.disable_comment || creator.comment_disabled, disable_duet: creator.duet_disabled, disable_stitch: creator.stitch_disabled };
}

/** The most photos of one TikTok photo post. */
export const TIKTOK_MAX_PHOTOS = 35;
const PHOTO_TYPES = ['image/jpeg', 'image/webp'];

/** What a TikTok post carries: one video, or photos. */
export type TikTokMedia = { kind: 'video'; video: PublishMedia } | { kind: 'photos'; photos: readonly PublishMedia[] };

/** The item's media as TikTok posts them, or why TikTok cannot (checked before anything is sent). */
export function tiktokMediaOf(media: readonly PublishMedia[]): TikTokMedia | { kind: 'rejected'; message: string } {
  if (media.length === 0) return { kind: 'rejected', message: PostMessages.needsMedia('tiktok') };
  const videos = media.filter((file) => file.mimeType.startsWith('video/'));
  if (videos.length > 0) {
    if (videos.length < media.length) return { kind: 'rejected', message: TikTokMessages.mixedMedia };
    return videos.length === 1 ? { kind: 'video', video: videos[0] } : { kind: 'rejected', message: TikTokMessages.oneVideo };
  }
  const refused = media.find((file) => !PHOTO_TYPES.includes(file.mimeType));
  if (refused) return { kind: 'rejected', message: TikTokMessages.photoType(refused.mimeType) };
  if (media.length > TIKTOK_MAX_PHOTOS) return { kind: 'rejected', message: TikTokMessages.tooManyPhotos(TIKTOK_MAX_PHOTOS) };
  return { kind: 'photos', photos: media };
}
