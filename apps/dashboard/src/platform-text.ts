import type { Schemas } from './api';
import { graphemes } from './graphemes';

/** A platform as the server describes it (`GET /api/platforms`, read with usePlatforms): the one source of its rules here. */
export type PlatformDescription = Schemas['PlatformDoc'];

/** The platform's limit of one item's text: the shorter one of a caption when the item carries media. */
export function textLimitOf(platform: PlatformDescription | undefined, withMedia = false): number | null {
  if (!platform) return null;
  return withMedia && platform.text.limit_with_media !== null ? platform.text.limit_with_media : platform.text.limit;
}

/** A text's characters as the platform counts them: graphemes (an emoji is one), else code points. */
export function charactersOf(text: string, platform: PlatformDescription | undefined): string[] {
  return platform?.text.counting === 'graphemes' ? graphemes(text) : Array.from(text);
}
