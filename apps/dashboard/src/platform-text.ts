import type { Schemas } from './api';
import { countText, cutTextAt, type CountedCut } from '@app/client';

/** A platform as the server describes it (`GET /api/platforms`, read with usePlatforms): the one source of its rules here. */
export type PlatformDescription = Schemas['PlatformDoc'];

/** The platform's limit of one item's text: the shorter one of a caption when the item carries media. */
export function textLimitOf(platform: PlatformDescription | undefined, withMedia = false): number | null {
  if (!platform) return null;
  return withMedia && platform.text.limit_with_media !== null ? platform.text.limit_with_media : platform.text.limit;
}

/** A text's length as the platform counts it (its `text.counting`); in code points until the descriptions arrive. */
export const lengthOn = (text: string, platform: PlatformDescription | undefined): number => countText(text, platform?.text.counting ?? 'code_points');

/** The text cut at `limit` where the platform cuts it, counted as it counts. */
export const cutOn = (text: string, platform: PlatformDescription | undefined, limit: number): CountedCut => cutTextAt(text, platform?.text.counting ?? 'code_points', limit);
