import type { Account } from '../../api';
import { cutOn, lengthOn, textLimitOf, type PlatformDescription } from '../../platform-text';

/** The platform's name as people know it, or the provider's until the descriptions arrive. */
export const platformName = (provider: string, platform: PlatformDescription | undefined): string => platform?.label ?? provider;

/** A text as the platform takes it: what fits its limit, and what is over it. */
export interface CutText {
  shown: string;
  overflow: string;
  /** The platform's limit, or null when it has none. */
  limit: number | null;
  /** Characters over the limit (0 when it fits). */
  over: number;
}

/** The text cut where the platform cuts it: at its limit (a caption's, when the item carries media; an account's own, when shorter), counted as it counts. */
export function cutText(text: string, platform: PlatformDescription | undefined, withMedia = false, accounts: readonly Pick<Account, 'limits'>[] = []): CutText {
  const limit = textLimitOf(platform, withMedia, accounts);
  if (limit === null || lengthOn(text, platform) <= limit) return { shown: text, overflow: '', limit, over: 0 };
  const { shown, overflow, length } = cutOn(text, platform, limit);
  return { shown, overflow, limit, over: length - limit };
}

/** One content item after the first, as the platform shows it, or why it is not published there. */
export interface FollowingItem {
  label: string;
  text: string;
  /** Why the platform refuses it; null when it publishes it. */
  refused: string | null;
}

/** The items after the first, named as the platform publishes them (its `items`): replies, a first comment, or refused ones. */
export function followingItems(items: readonly string[], provider: string, platform: PlatformDescription | undefined): FollowingItem[] {
  const rule = platform?.items ?? 'thread';
  const name = platformName(provider, platform);
  return items.slice(1).map((text, index) => {
    if (rule === 'thread') return { label: `Reply ${index + 1}`, text, refused: null };
    if (rule === 'first_comment' && index === 0) return { label: 'First comment', text, refused: null };
    const refused = rule === 'first_comment' ? `${name} publishes at most 2 content items: this one would be refused.` : `${name} publishes one content item: this one would be refused.`;
    return { label: `Item ${index + 2}`, text, refused };
  });
}
