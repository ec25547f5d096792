import type { PostVersion } from '../post-types';

/**
 * The text a version publishes as one: its content items' bodies, one paragraph each. For
 * providers that publish a version as one text; the limits apply to each item on its own.
 */
export const publishedText = (version: PostVersion): string =>
  version.content
    .map((item) => item.body)
    .filter((body) => body.trim() !== '')
    .join('\n\n');

/** The version a post publishes to an account: the one written for it, else the original. */
export function versionFor(accountId: number, versions: readonly PostVersion[]): PostVersion | null {
  return versions.find((version) => version.account_id === accountId) ?? versions.find((version) => version.is_original) ?? null;
}
