import { graphemes } from '../../graphemes';
import { PROVIDER_LIMITS } from './provider-limits';

/**
 * How a platform publishes the content items after the first (PRODUCT.md, "Threads and first
 * comments"): as replies (a thread), the second as a comment on the post, or not at all.
 */
export type ItemsRule = 'thread' | 'first_comment' | 'single';

const ITEMS_RULES: Record<string, ItemsRule> = {
  sandbox: 'thread',
  x: 'thread',
  bluesky: 'thread',
  mastodon: 'thread',
  threads: 'thread',
  telegram: 'thread',
  facebook: 'first_comment',
  instagram: 'first_comment',
  linkedin: 'first_comment',
  youtube: 'first_comment',
  reddit: 'first_comment',
  discord: 'single',
  tiktok: 'single',
  pinterest: 'single',
};

export const itemsRuleOf = (provider: string): ItemsRule => ITEMS_RULES[provider] ?? 'single';

export const PROVIDER_NAMES: Record<string, string> = {
  sandbox: 'Sandbox',
  x: 'X',
  bluesky: 'Bluesky',
  mastodon: 'Mastodon',
  threads: 'Threads',
  telegram: 'Telegram',
  facebook: 'Facebook',
  instagram: 'Instagram',
  linkedin: 'LinkedIn',
  youtube: 'YouTube',
  reddit: 'Reddit',
  discord: 'Discord',
  tiktok: 'TikTok',
  pinterest: 'Pinterest',
};

export const providerName = (provider: string): string => PROVIDER_NAMES[provider] ?? provider;

/** A text as the platform takes it: what fits its limit, and what is over it. */
export interface CutText {
  shown: string;
  overflow: string;
  /** The platform's limit, or null when it has none. */
  limit: number | null;
  /** Characters over the limit (0 when it fits). */
  over: number;
}

export function cutText(text: string, provider: string): CutText {
  const limit = PROVIDER_LIMITS[provider] ?? null;
  const characters = graphemes(text);
  if (limit === null || characters.length <= limit) return { shown: text, overflow: '', limit, over: 0 };
  return { shown: characters.slice(0, limit).join(''), overflow: characters.slice(limit).join(''), limit, over: characters.length - limit };
}

/** One content item after the first, as the platform shows it, or why it is not published there. */
export interface FollowingItem {
  label: string;
  text: string;
  /** Why the platform refuses it; null when it publishes it. */
  refused: string | null;
}

/** The items after the first, named as the provider publishes them: replies, a first comment, or refused ones. */
export function followingItems(items: readonly string[], provider: string): FollowingItem[] {
  const rule = itemsRuleOf(provider);
  return items.slice(1).map((text, index) => {
    if (rule === 'thread') return { label: `Reply ${index + 1}`, text, refused: null };
    if (rule === 'first_comment' && index === 0) return { label: 'First comment', text, refused: null };
    const refused = rule === 'first_comment' ? `${providerName(provider)} publishes at most 2 content items: this one would be refused.` : `${providerName(provider)} publishes one content item: this one would be refused.`;
    return { label: `Item ${index + 2}`, text, refused };
  });
}
