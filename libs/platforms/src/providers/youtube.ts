import { choice, text } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';

const youtubeOptions = {
  title: text({ required: true, max: 100 }),
  privacy: choice(['public', 'unlisted', 'private'], 'public'),
};

export type YouTubeOptions = OptionsOf<typeof youtubeOptions>;

/** YouTube: a video with a title (options) and a description of 5,000 characters (the text); a second content item is a first comment. */
export const youtube = describePlatform({ provider: 'youtube', textLimit: 5_000, contentItems: 'first_comment', media: 'video', options: youtubeOptions });
