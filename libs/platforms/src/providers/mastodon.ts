import { characterCount, PlatformAccount } from '@app/domain';
import { flag, text } from '../options/option-fields';
import { OptionsOf } from '../options/options-schema';
import { describePlatform } from '../platform';

/** Mastodon's limit when the instance did not report its `max_characters`. */
export const MASTODON_DEFAULT_MAX_CHARACTERS = 500;

/** The instance's `max_characters`, read when the account was connected, else Mastodon's default. */
const instanceLimit = ({ settings }: PlatformAccount): number => {
  const reported = settings.max_characters;
  return typeof reported === 'number' && Number.isSafeInteger(reported) && reported > 0 ? reported : MASTODON_DEFAULT_MAX_CHARACTERS;
};

const mastodonOptions = {
  /** The media are marked sensitive (hidden behind a warning). */
  sensitive: flag(false),
  /** A content warning shown in place of the text until the reader opens it. */
  spoiler_text: text({ max: instanceLimit }),
};

export type MastodonOptions = OptionsOf<typeof mastodonOptions>;

/** The room a content warning takes in a status; none when it is over the limit on its own (refused as an option). */
function warningLength(warning: string | null, limit: number): number {
  const length = warning === null ? 0 : characterCount(warning);
  return length <= limit ? length : 0;
}

/**
 * Mastodon: the instance's limit for each status, a content warning counted in it (the instance
 * counts `spoiler_text` with the text); each further content item replies to the one before. The
 * options apply to every status the version publishes.
 */
export const mastodon = describePlatform({
  provider: 'mastodon', label: 'Mastodon', connect: { oauth: false, settings: [{ name: 'instance', required: true }], credentials: [{ name: 'access_token', required: true }] },
  textLimit: (account, options) => instanceLimit(account) - warningLength(options.spoiler_text, instanceLimit(account)),
  contentItems: 'thread',
  options: mastodonOptions,
  settingsRead: ['max_characters'],
  // A status's favourites, boosts and replies.
  metrics: ['likes', 'reposts', 'replies'],
});
