import { ANY_ACCOUNT } from './options/option-fields';
import type { ConnectFields, Platform } from './platform';
import { PLATFORMS } from './platform-registry';

/** A platform as `GET /api/platforms` describes it (PRODUCT.md, "Platforms and post actions"). */
export interface PlatformEntry {
  provider: string;
  label: string;
  text: { limit: number | null; limit_with_media: number | null; counting: 'graphemes' | 'code_points' | 'weighted' };
  items: 'thread' | 'first_comment' | 'single';
  media: { required: boolean; types: ('image' | 'video')[]; max_count: number | null };
  options: { name: string; type: string; choices: readonly string[] | null; required: boolean; max_length: number | null }[];
  connect: ConnectFields;
}

/**
 * The description of a platform that clients read, from the rules the server's own checks apply
 * (its body rules for an account that narrows nothing, its option fields, how it connects).
 */
export function platformEntryOf(platform: Platform): PlatformEntry {
  const rules = platform.bodyRules({ ...ANY_ACCOUNT, provider: platform.provider }, {});
  const takesVideo = rules.video?.accepted !== false;
  return {
    provider: platform.provider,
    label: platform.label,
    text: { limit: rules.textLimit, limit_with_media: rules.textLimitWithMedia, counting: rules.textCounting },
    // The sandbox publishes every item, each after the one before: a thread, as far as a client can tell.
    items: rules.contentItems === 'any' ? 'thread' : rules.contentItems,
    media: {
      required: rules.media !== 'optional',
      types: rules.media === 'video' ? ['video'] : takesVideo ? ['image', 'video'] : ['image'],
      // No platform's count of media is checked by the service yet.
      max_count: null,
    },
    options: platform.optionShapes.map(({ name, type, choices, required, max_length }) => ({ name, type, choices, required, max_length })),
    connect: platform.connect,
  };
}

/** Every platform of the service, as clients read them. */
export const platformCatalogue = (): PlatformEntry[] => PLATFORMS.map(platformEntryOf);
