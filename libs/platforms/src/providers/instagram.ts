import { choice } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';
import { videosOf } from '../video-bounds';

/** A `post` with 2 to 10 media is a carousel. */
const instagramOptions = { type: choice(['post', 'reel', 'story'], 'post') };

export type InstagramOptions = OptionsOf<typeof instagramOptions>;

/** Instagram: a caption of 2,200 characters on an image or a video (none without); a second content item is a first comment. */
export const instagram = describePlatform({
  provider: 'instagram',
  label: 'Instagram',
  connect: {
    oauth: {
      // Instagram API with Instagram Login: the profile, publishing, comments (the first comment), and the media's insights.
      authUrl: 'https://www.instagram.com/oauth', apiUrl: 'https://graph.instagram.com/v21.0', tokenUrl: 'https://api.instagram.com/oauth/access_token',
      path: '/authorize', scopes: ['instagram_business_basic', 'instagram_business_content_publish', 'instagram_business_manage_comments', 'instagram_business_manage_insights'], scopeSeparator: ',', pkce: false,
    },
  },
  textLimit: 2_200,
  contentItems: 'first_comment',
  media: 'image_or_video',
  options: instagramOptions,
  // Reels (and feed videos, which Instagram publishes as reels) of 3 s to 15 min; stories up to 60 s.
  video: (_account, { type }) => (type === 'story' ? videosOf({ maxSeconds: 60, maxMegabytes: 100 }) : videosOf({ minSeconds: 3, maxSeconds: 900, maxMegabytes: 300 })),
  // Likes and comments of a post or reel, and the insights of its type: views and saves (a story: views and replies).
  metrics: ['likes', 'replies', 'views', 'saves'],
});
