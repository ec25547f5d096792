import { text, unlessAccountHas, webAddress } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';
import { videosOf } from '../video-bounds';

const pinterestOptions = {
  /** The board to pin to: required unless the account has one in its settings. */
  board_id: text({ required: unlessAccountHas('board_id'), max: 255 }),
  title: text({ max: 100 }),
  /** Where the pin leads. */
  link: webAddress({ max: 2048 }),
};

export type PinterestOptions = OptionsOf<typeof pinterestOptions>;

/** Pinterest: one pin, an image or a video with a description of 500 characters (the text). */
export const pinterest = describePlatform({
  provider: 'pinterest',
  label: 'Pinterest',
  connect: {
    oauth: {
      authUrl: 'https://www.pinterest.com/oauth', apiUrl: 'https://api.pinterest.com/v5', tokenUrl: 'https://api.pinterest.com/v5/oauth/token',
      path: '/', scopes: ['boards:read', 'pins:read', 'pins:write', 'user_accounts:read'], scopeSeparator: ',', pkce: false,
    },
    settings: [{ name: 'board_id', required: false }],
  },
  textLimit: 500,
  contentItems: 'single',
  media: 'image_or_video',
  options: pinterestOptions,
  settingsRead: ['board_id'],
  video: videosOf({ minSeconds: 4, maxSeconds: 900, maxMegabytes: 2_000 }),
  // A pin's analytics: impressions, saves, Pin clicks, and its comments and reactions.
  metrics: ['impressions', 'saves', 'clicks', 'replies', 'likes'],
});
