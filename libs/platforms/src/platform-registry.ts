import { PlatformRulesRegistry } from '@app/domain';
import { Platform } from './platform';
import { bluesky } from './providers/bluesky';
import { discord } from './providers/discord';
import { facebook } from './providers/facebook';
import { instagram } from './providers/instagram';
import { linkedin } from './providers/linkedin';
import { mastodon } from './providers/mastodon';
import { pinterest } from './providers/pinterest';
import { reddit } from './providers/reddit';
import { sandbox } from './providers/sandbox';
import { telegram } from './providers/telegram';
import { threads } from './providers/threads';
import { tiktok } from './providers/tiktok';
import { x } from './providers/x';
import { youtube } from './providers/youtube';

/** Every provider of the contract, publishable yet or not, with the rules of its post bodies. */
export const PLATFORMS: readonly Platform[] = [sandbox, bluesky, mastodon, telegram, discord, linkedin, x, facebook, instagram, threads, youtube, tiktok, pinterest, reddit];

const byProvider: ReadonlyMap<string, Platform> = new Map(PLATFORMS.map((platform) => [platform.provider, platform]));

/** A provider's platform, or null for a name the contract does not have. */
export const platformOf = (provider: string): Platform | null => byProvider.get(provider) ?? null;

/** Whether the provider's platform reports any figure of a published post (an analytics entry's `supported`). */
export const reportsMetrics = (provider: string): boolean => (platformOf(provider)?.metrics.length ?? 0) > 0;

/** The domain's port, answered by every provider's rules: what the gateway hands the post body validator. */
export const platformRules: PlatformRulesRegistry = {
  rulesOf: platformOf,
};
