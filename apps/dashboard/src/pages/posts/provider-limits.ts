import { graphemes } from '../../graphemes';

/** Each provider's text limit (PRODUCT.md, Providers); Mastodon's is the instance's, 500 by default. */
export const PROVIDER_LIMITS: Record<string, number | null> = {
  sandbox: null,
  bluesky: 300,
  mastodon: 500,
  telegram: 4096,
  discord: 2000,
  linkedin: 3000,
  x: 280,
  facebook: 63_206,
  instagram: 2_200,
  threads: 500,
  youtube: 5_000,
  tiktok: 2_200,
  pinterest: 500,
  reddit: 40_000,
};

/** Characters as a reader counts them (graphemes: an emoji is one). */
export function characterCount(text: string): number {
  return graphemes(text).length;
}
