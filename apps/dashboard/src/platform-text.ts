import type { Account, Schemas } from './api';
import { countText, cutTextAt, type CountedCut } from '@app/client';

/** A platform as the server describes it (`GET /api/platforms`, read with usePlatforms): the one source of its rules here. */
export type PlatformDescription = Schemas['PlatformDoc'];

/** The shortest limit among these accounts: each account's own (its `limits`), else the platform's; the platform's when there are none. */
function narrowest(limit: number | null, accounts: readonly Pick<Account, 'limits'>[]): number | null {
  if (accounts.length === 0) return limit;
  const limits = accounts.map(({ limits }) => limits?.text ?? limit).filter((each) => each !== null);
  return limits.length === 0 ? null : Math.min(...limits);
}

/**
 * The limit of one item's text on these accounts of the platform: the platform's (the shorter one
 * of a caption when the item carries media), or the shortest an account narrows it to (a Mastodon
 * instance's own limit).
 */
export function textLimitOf(platform: PlatformDescription | undefined, withMedia = false, accounts: readonly Pick<Account, 'limits'>[] = []): number | null {
  if (!platform) return null;
  const limit = narrowest(platform.text.limit, accounts);
  const caption = withMedia ? platform.text.limit_with_media : null;
  return caption !== null && (limit === null || caption < limit) ? caption : limit;
}

/** The choices of an option that every one of these accounts offers: the platform's, narrowed by each account that narrows them (a TikTok creator's privacy levels). */
export function choicesOf(option: PlatformDescription['options'][number], accounts: readonly Pick<Account, 'options'>[]): string[] | null {
  return accounts.reduce<string[] | null>((choices, account) => {
    const offered = account.options[option.name];
    return offered && choices ? choices.filter((choice) => offered.includes(choice)) : choices;
  }, option.choices);
}

/** A text's length as the platform counts it (its `text.counting`); in code points until the descriptions arrive. */
export const lengthOn = (text: string, platform: PlatformDescription | undefined): number => countText(text, platform?.text.counting ?? 'code_points');

/** The text cut at `limit` where the platform cuts it, counted as it counts. */
export const cutOn = (text: string, platform: PlatformDescription | undefined, limit: number): CountedCut => cutTextAt(text, platform?.text.counting ?? 'code_points', limit);
