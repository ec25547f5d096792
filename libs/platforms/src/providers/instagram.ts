import { choice } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';

/** A `post` with 2 to 10 media is a carousel. */
const instagramOptions = { type: choice(['post', 'reel', 'story'], 'post') };

export type InstagramOptions = OptionsOf<typeof instagramOptions>;

/** Instagram: a caption of 2,200 characters on an image or a video (none without); a second content item is a first comment. */
export const instagram = describePlatform({
  provider: 'instagram',
  textLimit: 2_200,
  contentItems: 'first_comment',
  media: 'image_or_video',
  options: instagramOptions,
});
