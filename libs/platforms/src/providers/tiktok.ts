import { PlatformAccount } from '@app/domain';
import { flag, requiredChoice } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';
import { videosOf } from '../video-bounds';

/** Every privacy level of TikTok's Content Posting API. */
export const TIKTOK_PRIVACY_LEVELS = ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] as const;
type PrivacyLevel = (typeof TIKTOK_PRIVACY_LEVELS)[number];

/** The levels the creator's account offers (`settings.privacy_level_options`, as TikTok's creator info tells them), else every level. */
function offeredLevels({ settings }: PlatformAccount): readonly PrivacyLevel[] {
  const offered = settings.privacy_level_options;
  if (!Array.isArray(offered)) return TIKTOK_PRIVACY_LEVELS;
  return TIKTOK_PRIVACY_LEVELS.filter((level) => offered.includes(level));
}

const tiktokOptions = { privacy_level: requiredChoice(TIKTOK_PRIVACY_LEVELS, offeredLevels), disable_comment: flag(false) };

export type TikTokOptions = OptionsOf<typeof tiktokOptions>;

/** TikTok: one video or photo post with a caption of 2,200 characters, at a privacy level the creator chooses. */
export const tiktok = describePlatform({
  provider: 'tiktok',
  label: 'TikTok',
  connect: {
    oauth: {
      // The profile (the handle needs user.info.profile), direct posting, and reading the creator's posts (their counts).
      authUrl: 'https://www.tiktok.com/v2/auth', apiUrl: 'https://open.tiktokapis.com', tokenUrl: 'https://open.tiktokapis.com/v2/oauth/token/',
      path: '/authorize/', scopes: ['user.info.basic', 'user.info.profile', 'video.publish', 'video.list'], scopeSeparator: ',', pkce: false, clientIdParam: 'client_key',
    },
  },
  textLimit: 2_200,
  contentItems: 'single',
  media: 'image_or_video',
  options: tiktokOptions,
  settingsRead: ['privacy_level_options', 'max_video_post_duration_sec'],
  // At least 3 s, and at most what the creator may post (creator info's max_video_post_duration_sec, kept in the settings at connect).
  video: ({ settings }) => videosOf({ minSeconds: 3, maxSeconds: typeof settings.max_video_post_duration_sec === 'number' ? settings.max_video_post_duration_sec : 600, maxMegabytes: 4_000 }),
  // A public post's views, likes and comments (the Display API's video query).
  metrics: ['views', 'likes', 'replies'],
});
