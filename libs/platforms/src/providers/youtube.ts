import { characterCount, FieldMessages, isAbsent } from '@app/domain';
import { choice, OptionField, text } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';

/** YouTube's limit of a video's tags, in characters as it counts them (see `tagsLength`). */
export const YOUTUBE_TAGS_MAX_CHARACTERS = 500;

/**
 * The length YouTube counts for a video's tags: a comma between two tags counts, and a tag with a
 * space counts as if it were in quotation marks ("Foo Baz" is 9 characters, Foo-Baz 7).
 */
export function tagsLength(tags: readonly string[]): number {
  const quoted = tags.reduce((sum, tag) => sum + characterCount(tag) + (tag.includes(' ') ? 2 : 0), 0);
  return quoted + Math.max(0, tags.length - 1);
}

/** The keywords of a video: a list of texts, at most `max` characters in all as YouTube counts them; absent is none, blank tags are left out. */
function tagList(max: number): OptionField<string[]> {
  return {
    fault: (value, name) => {
      if (isAbsent(value)) return null;
      if (!Array.isArray(value)) return FieldMessages.array(name);
      const notText = value.findIndex((tag) => typeof tag !== 'string');
      if (notText >= 0) return FieldMessages.string(`${name}.${notText}`);
      return tagsLength(value as string[]) > max ? FieldMessages.maxLength(name, max) : null;
    },
    parse: (value) => (Array.isArray(value) ? value.filter((tag): tag is string => typeof tag === 'string' && tag.trim() !== '').map((tag) => tag.trim()) : []),
    shape: { type: 'text_list', choices: null, required: false, max_length: max },
  };
}

const youtubeOptions = {
  title: text({ required: true, max: 100 }),
  privacy: choice(['public', 'unlisted', 'private'], 'public'),
  tags: tagList(YOUTUBE_TAGS_MAX_CHARACTERS),
};

export type YouTubeOptions = OptionsOf<typeof youtubeOptions>;

/** YouTube: a video with a title (options) and a description of 5,000 characters (the text); a second content item is a first comment. */
export const youtube = describePlatform({
  provider: 'youtube',
  label: 'YouTube',
  connect: {
    oauth: {
      // Uploads, the channel, and comments; offline access and consent each time, so that Google gives a refresh token.
      authUrl: 'https://accounts.google.com/o/oauth2/v2', apiUrl: 'https://www.googleapis.com', tokenUrl: 'https://oauth2.googleapis.com/token',
      path: '/auth',
      scopes: ['https://www.googleapis.com/auth/youtube.upload', 'https://www.googleapis.com/auth/youtube.readonly', 'https://www.googleapis.com/auth/youtube.force-ssl'],
      pkce: true,
      extra: { access_type: 'offline', prompt: 'consent' },
    },
  },
  textLimit: 5_000, contentItems: 'first_comment', media: 'video', options: youtubeOptions,
  // A video's statistics: views, likes, comments.
  metrics: ['views', 'likes', 'replies'],
});
