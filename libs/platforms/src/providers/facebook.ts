import { choice } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';
import { videosOf } from '../video-bounds';

const facebookOptions = { type: choice(['post', 'reel', 'story'], 'post') };

export type FacebookOptions = OptionsOf<typeof facebookOptions>;

/** A Facebook Page: 63,206 characters; a second content item is a first comment; a post, a reel or a story. */
export const facebook = describePlatform({
  provider: 'facebook',
  label: 'Facebook Page',
  connect: {
    oauth: {
      // The user's Pages and their tokens, publishing as a Page, reading its posts (the lookup after a lost answer) and their insights.
      authUrl: 'https://www.facebook.com/v21.0/dialog', apiUrl: 'https://graph.facebook.com/v21.0', tokenUrl: 'https://graph.facebook.com/v21.0/oauth/access_token',
      path: '/oauth', scopes: ['pages_show_list', 'pages_read_engagement', 'pages_manage_posts', 'read_insights'], scopeSeparator: ',', pkce: false,
    },
    settings: [{ name: 'page_id', required: false }],
  },
  textLimit: 63_206,
  contentItems: 'first_comment',
  options: facebookOptions,
  // Reels of 3 to 90 s, video stories up to 60 s, Page videos up to 240 minutes.
  video: (_account, { type }) => (type === 'reel' ? videosOf({ minSeconds: 3, maxSeconds: 90 }) : type === 'story' ? videosOf({ maxSeconds: 60 }) : videosOf({ maxSeconds: 14_400 })),
  // A post's reactions, comments and shares, and its views and clicks (post insights).
  metrics: ['likes', 'replies', 'reposts', 'views', 'clicks'],
});
