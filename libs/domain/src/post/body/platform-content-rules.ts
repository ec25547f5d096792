import type { FieldErrorBag } from '../../fields/field-errors';
import type { PostContentInput } from '../post-commands';
import type { PostContent, PostVersion } from '../post-types';
import { countText } from '../../fields/text-counting';
import type { AccountBodyRules, ContentItemsRule, PlatformAccount, PlatformRulesRegistry, VideoRule } from './platform-rules';
import { PostBodyLimits } from './post-body-limits';
import { PostMessages } from './post-body-messages';
import { versionFor } from './provider-text-limits';

type Errors = Pick<FieldErrorBag, 'add'>;

/** What is known of the media a body names, beyond their ids. */
export interface MediaFacts {
  /** Whether a media id names a video; without it, any media counts as one (the decider knows no media types). */
  isVideo?: (mediaId: string) => boolean;
  /** What is known of a video (its size, and its duration when its header told it at upload); undefined for an image. */
  video?: (mediaId: string) => VideoFact | undefined;
}

/** What the service learned of an uploaded video. */
export interface VideoFact {
  size: number;
  durationSeconds: number | null;
}

/** What the workspace knows of an account, as its platform's rules read it. */
const platformAccountOf = (account: { id: number; provider: string }, settings: ReadonlyMap<number, Readonly<Record<string, unknown>>> | undefined): PlatformAccount => ({
  provider: account.provider,
  settings: settings?.get(account.id) ?? {},
});

/**
 * Asks the port for the rules of each account the post targets, given the options the account's
 * version carries for its platform: account id -> rules, for the accounts whose platform has some.
 */
export function resolveBodyRules(
  input: Pick<PostContentInput, 'accounts' | 'versions'>,
  platforms: PlatformRulesRegistry,
  settings?: ReadonlyMap<number, Readonly<Record<string, unknown>>>,
): Record<number, AccountBodyRules> {
  const resolved: Record<number, AccountBodyRules> = {};
  for (const account of input.accounts) {
    const rules = platforms.rulesOf(account.provider);
    if (rules) resolved[account.id] = rules.bodyRules(platformAccountOf(account, settings), versionFor(account.id, input.versions)?.options[account.provider]);
  }
  return resolved;
}

/**
 * The rules of each account's platform, at schedule time, under the account's key: how many content
 * items it publishes, whether it needs media, and its text limit for each item on its own.
 */
export function checkPlatformRules(input: PostContentInput, accountKeys: readonly string[], errors: Errors, media: MediaFacts = {}): void {
  const rulesByAccount = input.platformRules ?? {};
  input.accounts.forEach((account, index) => {
    const rules = rulesByAccount[account.id];
    const version = versionFor(account.id, input.versions);
    if (rules === undefined || version === null) return;
    const key = accountKeys[index] ?? `accounts.${index}`;
    for (const message of platformFaults(version, rules, media)) errors.add(key, message);
  });
}

/** Why a platform that takes content items as `rule` says refuses `count` of them, or null. */
export function contentItemsFault(rule: ContentItemsRule, provider: string, count: number): string | null {
  if (rule === 'first_comment' && count > 2) return PostMessages.atMostTwoItems(provider);
  if (rule === 'single' && count > 1) return PostMessages.oneItemOnly(provider);
  return null;
}

function platformFaults(version: PostVersion, rules: AccountBodyRules, media: MediaFacts): string[] {
  const { provider } = rules;
  const items = version.content.slice(0, PostBodyLimits.contentItems);
  const faults: string[] = [];
  const itemsFault = contentItemsFault(rules.contentItems, provider, version.content.length);
  if (itemsFault !== null) faults.push(itemsFault);
  const mediaIds = items.flatMap((item) => item.media);
  if (rules.media === 'image_or_video' && mediaIds.length === 0) faults.push(PostMessages.needsMedia(provider));
  if (rules.media === 'video' && !mediaIds.some(media.isVideo ?? (() => true))) faults.push(PostMessages.needsVideo(provider));
  if (rules.video && media.video) faults.push(...videoFaults(provider, rules.video, mediaIds.map(media.video)));
  for (const item of items) {
    const limit = textLimitOf(item, rules);
    if (limit !== null && countText(item.body, rules.textCounting) > limit) faults.push(PostMessages.textTooLong(provider, limit));
  }
  return faults;
}

/** What the platform refuses of these videos (undefined: an image), each fault once. */
function videoFaults(provider: string, rule: VideoRule, videos: readonly (VideoFact | undefined)[]): string[] {
  const faults = new Set<string>();
  for (const video of videos) {
    if (!video) continue;
    if (!rule.accepted) faults.add(PostMessages.noVideos(provider));
    else if (rule.maxBytes !== null && video.size > rule.maxBytes) faults.add(PostMessages.videoTooLarge(provider, rule.maxBytes));
    const seconds = video.durationSeconds;
    if (!rule.accepted || seconds === null) continue;
    if (rule.maxSeconds !== null && seconds > rule.maxSeconds) faults.add(PostMessages.videoTooLong(provider, rule.maxSeconds));
    if (rule.minSeconds !== null && seconds < rule.minSeconds) faults.add(PostMessages.videoTooShort(provider, rule.minSeconds));
  }
  return [...faults];
}

function textLimitOf(item: PostContent, rules: AccountBodyRules): number | null {
  if (item.media.length > 0 && rules.textLimitWithMedia !== null) return rules.textLimit === null ? rules.textLimitWithMedia : Math.min(rules.textLimit, rules.textLimitWithMedia);
  return rules.textLimit;
}

/**
 * The options each account's version carries for the account's platform, checked by the platform
 * (through the port) at schedule time, under `versions.N.options.<provider>[.<field>]`.
 */
export function checkPlatformOptions(
  input: Pick<PostContentInput, 'accounts' | 'versions'>,
  platforms: PlatformRulesRegistry,
  errors: Errors,
  settings?: ReadonlyMap<number, Readonly<Record<string, unknown>>>,
): void {
  for (const account of input.accounts) {
    const rules = platforms.rulesOf(account.provider);
    const version = versionFor(account.id, input.versions);
    const index = version === null ? -1 : input.versions.indexOf(version);
    if (!rules || version === null || index >= PostBodyLimits.versions) continue;
    const path = `versions.${index}.options.${account.provider}`;
    const faults = rules.optionErrors(version.options[account.provider], platformAccountOf(account, settings));
    for (const [field, messages] of Object.entries(faults)) for (const message of messages) errors.add(field === '' ? path : `${path}.${field}`, message);
  }
}
