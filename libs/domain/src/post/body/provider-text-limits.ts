import type { AccountSnapshot, PostVersion } from '../post-types';
import { characterCount } from './post-body-limits';

/** The text a version publishes: its content items' bodies, one paragraph each. */
export const publishedText = (version: PostVersion): string =>
  version.content
    .map((item) => item.body)
    .filter((body) => body.trim() !== '')
    .join('\n\n');

/** The version a post publishes to an account: the one written for it, else the original. */
export function versionFor(accountId: number, versions: readonly PostVersion[]): PostVersion | null {
  return versions.find((version) => version.account_id === accountId) ?? versions.find((version) => version.is_original) ?? null;
}

/** Mastodon's limit when the instance did not report its `max_characters`. */
export const MASTODON_DEFAULT_MAX_CHARACTERS = 500;

const FIXED_TEXT_LIMITS: Readonly<Record<string, number>> = { bluesky: 300, telegram: 4096, discord: 2000, linkedin: 3000, x: 280 };

/**
 * How long a text an account's platform takes, or null for none (sandbox, unknown providers).
 * Mastodon's depends on the instance: the `max_characters` it reported when the account was connected.
 */
export function providerTextLimit(provider: string, reportedMaxCharacters: number | null = null): number | null {
  if (provider === 'mastodon') return reportedMaxCharacters !== null && reportedMaxCharacters > 0 ? reportedMaxCharacters : MASTODON_DEFAULT_MAX_CHARACTERS;
  return Object.hasOwn(FIXED_TEXT_LIMITS, provider) ? FIXED_TEXT_LIMITS[provider] : null;
}

const graphemes = new Intl.Segmenter('en', { granularity: 'grapheme' });

/** The length of a text as the account's platform counts it: graphemes on Bluesky, code points elsewhere. */
export function platformTextLength(account: Pick<AccountSnapshot, 'provider'>, text: string): number {
  if (account.provider !== 'bluesky') return characterCount(text);
  let count = 0;
  for (const _grapheme of graphemes.segment(text)) count++;
  return count;
}
