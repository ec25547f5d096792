import { AccountBodyRules, PostMetricName, ContentItemsRule, MediaRule, OptionErrors, PlatformAccount, PlatformRules, TextCounting, VideoRule } from '@app/domain';
import type { OAuthDescription } from './oauth-app';
import { ANY_ACCOUNT, type OptionShape } from './options/option-fields';
import { OptionsOf, OptionsSchema, optionErrorsOf, readOptions } from './options/options-schema';

/** A field of an account's `settings` or `credentials` that connecting it takes. */
export interface ConnectField {
  name: string;
  required: boolean;
}

/** How an account of the platform is connected: through OAuth (described), or with the settings and credentials given. */
export interface ConnectDescription {
  oauth: false | OAuthDescription;
  settings?: readonly ConnectField[];
  credentials?: readonly ConnectField[];
}

/** How an account connects, as clients read it. */
export interface ConnectFields {
  oauth: boolean;
  settings: readonly ConnectField[];
  credentials: readonly ConnectField[];
}

/** What a provider says of its platform: its name, how an account connects, and the rules of its post bodies. */
export interface PlatformDescription<S extends OptionsSchema> {
  provider: string;
  /** The platform's name as people know it ("Bluesky", "Facebook Page"). */
  label: string;
  connect: ConnectDescription;
  /**
   * The longest text of one content item, or null for none; a function when it depends on the
   * account (Mastodon's instance) or on the version's options (Mastodon counts a content warning).
   */
  textLimit: number | null | ((account: PlatformAccount, options: OptionsOf<S>) => number | null);
  /** The longest text of an item that carries media, when shorter (Telegram's caption). */
  textLimitWithMedia?: number;
  /** Code points unless told (Bluesky counts graphemes). */
  textCounting?: TextCounting;
  contentItems: ContentItemsRule;
  /** `optional` unless told. */
  media?: MediaRule;
  /** The videos it takes (none, or their bounds), a function when they depend on the account or the options (a reel, a story); any unless told. */
  video?: VideoRule | ((account: PlatformAccount, options: OptionsOf<S>) => VideoRule);
  /** The fields of `versions.N.options.<provider>`; none unless told (anything there is ignored). */
  options?: S;
  /** The account settings (as the platform reported them at connect) that these rules read: what the gateway keeps of each account. */
  settingsRead?: readonly string[];
  /** The figures of a published post that the platform reports (for some account types, at least); none unless told. */
  metrics?: readonly PostMetricName[];
}

/** Where a connected account narrows its platform's description (an Account's `limits` and `options`). */
export interface AccountNarrowing {
  /** The account's own text limit (a Mastodon instance's), or null when it is the platform's. */
  limits: { text: number | null } | null;
  /** Option name -> the choices this account offers, for the options where they differ from the platform's. */
  options: Record<string, readonly string[]>;
}

/** A platform's rules (the domain's port), and its options as the publisher reads them. */
export interface Platform<S extends OptionsSchema = OptionsSchema> extends PlatformRules {
  readonly label: string;
  readonly connect: ConnectFields;
  /** How it connects through OAuth, or null when its accounts are connected with the settings and credentials given. */
  readonly oauth: OAuthDescription | null;
  /** The fields of its options (`versions.N.options.<provider>`), as clients read them. */
  readonly optionShapes: readonly (OptionShape & { name: string })[];
  /** How many content items it publishes, and how they follow the first (the same for every account). */
  readonly contentItems: ContentItemsRule;
  /** The figures of a published post it reports; empty: none (analytics answer `supported: false`). */
  readonly metrics: readonly PostMetricName[];
  /** The options a version carries for this platform (`options.<provider>`), typed, each absent or unreadable field as its default. */
  readOptions(versionOptions: Readonly<Record<string, unknown>>): OptionsOf<S>;
  /** Of an account's settings, the ones these rules read (kept by the gateway for the checks at schedule time). */
  ruleSettings(settings: Readonly<Record<string, unknown>>): Record<string, unknown>;
  /** Where this account narrows the platform's description, from the settings its rules read. */
  narrowing(account: PlatformAccount): AccountNarrowing;
}

const NO_OPTIONS: OptionsSchema = {};

export function describePlatform<S extends OptionsSchema = Record<never, never>>(description: PlatformDescription<S>): Platform<S> {
  const { provider, label, textLimit, textLimitWithMedia = null, textCounting = 'code_points', contentItems, media = 'optional' } = description;
  const schema = (description.options ?? NO_OPTIONS) as S;
  const { oauth, settings = [], credentials = [] } = description.connect;
  return {
    provider,
    label,
    connect: { oauth: oauth !== false, settings, credentials },
    oauth: oauth === false ? null : oauth,
    optionShapes: Object.entries(schema).map(([name, field]) => ({ name, ...field.shape })),
    contentItems,
    metrics: description.metrics ?? [],
    bodyRules(account: PlatformAccount, options: unknown): AccountBodyRules {
      const read = readOptions(schema, options);
      const limit = typeof textLimit === 'function' ? textLimit(account, read) : textLimit;
      const video = typeof description.video === 'function' ? description.video(account, read) : description.video;
      return { provider, textLimit: limit, textLimitWithMedia, textCounting, contentItems, media, ...(video && { video }) };
    },
    optionErrors(options: unknown, account: PlatformAccount): OptionErrors {
      return description.options ? optionErrorsOf(schema, provider, options, account) : {};
    },
    readOptions(versionOptions) {
      return readOptions(schema, versionOptions[provider]);
    },
    ruleSettings(settings) {
      return Object.fromEntries((description.settingsRead ?? []).filter((key) => settings[key] !== undefined).map((key) => [key, settings[key]]));
    },
    narrowing(account) {
      const own = this.bodyRules(account, {}).textLimit;
      const limits = own === this.bodyRules({ ...ANY_ACCOUNT, provider }, {}).textLimit ? null : { text: own };
      const options: Record<string, readonly string[]> = {};
      for (const [name, field] of Object.entries(schema)) {
        const offered = field.choicesFor?.(account);
        if (offered && (offered.length !== field.shape.choices?.length || offered.some((choice) => !field.shape.choices?.includes(choice)))) options[name] = offered;
      }
      return { limits, options };
    },
  };
}
