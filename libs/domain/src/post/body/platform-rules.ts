/**
 * The port through which each platform contributes its rules for a post body. The domain knows no
 * platform: it asks this port about the accounts a post targets and applies what it answers, with
 * the body's other rules and under the same keys. The providers' answers live in `libs/platforms`.
 */

/**
 * How a platform publishes the content items of a version:
 * - `any`: every item, however many (the sandbox);
 * - `thread`: the first item, then each further one as a reply to the one before (up to the body's limit of items);
 * - `first_comment`: the first item, and a second one as a comment on it; no more;
 * - `single`: one item only.
 */
export const CONTENT_ITEMS_RULES = ['any', 'thread', 'first_comment', 'single'] as const;
export type ContentItemsRule = (typeof CONTENT_ITEMS_RULES)[number];

/** Whether a version for the platform must carry media: none needed, an image or a video, or a video. */
export const MEDIA_RULES = ['optional', 'image_or_video', 'video'] as const;
export type MediaRule = (typeof MEDIA_RULES)[number];

import type { TextCounting } from '../../fields/text-counting';

export type { TextCounting };

/**
 * What a platform takes of a post body published to one account, as plain data: the validator
 * resolves it through the port, and the post's input carries it so that the decider applies the
 * same rules again without knowing any platform.
 */
export interface AccountBodyRules {
  provider: string;
  /** The longest text of one content item, or null for no limit. */
  textLimit: number | null;
  /** The longest text of a content item that carries media (a caption), when it is shorter than `textLimit`. */
  textLimitWithMedia: number | null;
  textCounting: TextCounting;
  contentItems: ContentItemsRule;
  media: MediaRule;
  /** What the platform takes of a video, when it limits them; absent: any video the service takes. */
  video?: VideoRule;
}

/** The videos a platform takes: none at all, or within these bounds (each null for none). */
export interface VideoRule {
  accepted: boolean;
  minSeconds: number | null;
  maxSeconds: number | null;
  maxBytes: number | null;
}

/** What the workspace knows of an account that its platform's rules may depend on. */
export interface PlatformAccount {
  provider: string;
  /** The settings the platform reported at connect that the workspace keeps (Mastodon's `max_characters`). */
  settings: Readonly<Record<string, unknown>>;
}

/**
 * Field errors of the options a version carries for one platform (`versions.N.options.<provider>`),
 * keyed under it: `''` for the options object itself, else the field's name (`title`). Empty when valid.
 */
export type OptionErrors = Readonly<Record<string, readonly string[]>>;

/** One platform's rules for a post body, contributed by its provider. */
export interface PlatformRules {
  readonly provider: string;
  /**
   * The rules of a body published to this account; `options` is what the version carries under the
   * platform's name, as sent (some rules depend on it: Mastodon counts a content warning in the text).
   */
  bodyRules(account: PlatformAccount, options: unknown): AccountBodyRules;
  /** The faults of the options a version carries under the platform's name, for this account. */
  optionErrors(options: unknown, account: PlatformAccount): OptionErrors;
}

/** The port: the rules of each platform by provider name; null for a provider nobody described (no rule applies). */
export interface PlatformRulesRegistry {
  rulesOf(provider: string): PlatformRules | null;
}
