import { FieldMessages, isAbsent, longerThan, PlatformAccount } from '@app/domain';

/**
 * One field of a platform's options (`versions.N.options.<provider>.<name>`): what is wrong with a
 * value for an account (checked when the post is scheduled), and the value as publishing reads it.
 */
export interface OptionField<T> {
  /** Why the value cannot be taken for this account, or null when it can. */
  fault(value: unknown, name: string, account: PlatformAccount): string | null;
  /**
   * The value as publishing takes it: of the field's type, else the default. Limits are not
   * applied again (they were when the post was scheduled): a content warning is never dropped.
   */
  parse(value: unknown): T;
  /** What the field takes, as `GET /api/platforms` describes it (for an account that narrows nothing). */
  readonly shape: OptionShape;
  /** The values this account may choose, when an account narrows them (a TikTok creator's privacy levels). */
  choicesFor?(account: PlatformAccount): readonly string[];
}

/** An option field as clients read it: its kind, the values it takes, whether it is required, its longest text. */
export interface OptionShape {
  type: 'boolean' | 'choice' | 'text' | 'url' | 'text_list';
  choices: readonly string[] | null;
  required: boolean;
  max_length: number | null;
}

/** An account of which the workspace knows nothing yet: what a platform's rules say before an account narrows them. */
export const ANY_ACCOUNT: PlatformAccount = { provider: '', settings: {} };

/** A value that depends on what the workspace knows of the account (its settings), or a fixed one. */
export type PerAccount<T> = T | ((account: PlatformAccount) => T);

const forAccount = <T>(value: PerAccount<T>, account: PlatformAccount): T => (typeof value === 'function' ? (value as (account: PlatformAccount) => T)(account) : value);

const isBlank = (value: unknown): boolean => isAbsent(value) || (typeof value === 'string' && value.trim() === '');

/** true or false; absent is `fallback`. */
export function flag(fallback = false): OptionField<boolean> {
  return {
    fault: (value, name) => (isAbsent(value) || typeof value === 'boolean' ? null : FieldMessages.boolean(name)),
    parse: (value) => (typeof value === 'boolean' ? value : fallback),
    shape: { type: 'boolean', choices: null, required: false, max_length: null },
  };
}

/** One of a set of values; absent is `fallback`. A value outside the set is refused, naming the set. */
export function choice<const V extends string>(values: readonly V[], fallback: V): OptionField<V> {
  const isOneOf = (value: unknown): value is V => values.includes(value as V);
  return {
    fault: (value, name) => (isBlank(value) || isOneOf(value) ? null : FieldMessages.selectedInvalidAmong(name, values)),
    parse: (value) => (isOneOf(value) ? value : fallback),
    shape: { type: 'choice', choices: values, required: false, max_length: null },
  };
}

/**
 * One of a set, required; `offered` narrows the set for an account (the privacy levels a TikTok
 * creator's account offers), and the message names what that account may choose.
 */
export function requiredChoice<const V extends string>(values: readonly V[], offered: (account: PlatformAccount) => readonly V[] = () => values): OptionField<V | null> {
  return {
    fault: (value, name, account) => {
      if (isBlank(value)) return FieldMessages.required(name);
      const allowed = offered(account);
      return allowed.includes(value as V) ? null : FieldMessages.selectedInvalidAmong(name, allowed);
    },
    parse: (value) => (values.includes(value as V) ? (value as V) : null),
    shape: { type: 'choice', choices: values, required: true, max_length: null },
    choicesFor: offered,
  };
}

/** For `required`: true unless the account's settings hold a value under `name` (a default board, a subreddit). */
export const unlessAccountHas =
  (name: string) =>
  ({ settings }: PlatformAccount): boolean =>
    isBlank(settings[name]);

export interface TextRules {
  /** The most characters (code points); for some platforms the account's own limit. */
  max?: PerAccount<number>;
  /** Whether it must be given; some platforms need it only when the account's settings lack it. */
  required?: PerAccount<boolean>;
}

/** A text; absent or blank is null (refused when required). */
export function text({ max, required = false }: TextRules = {}): OptionField<string | null> {
  return {
    fault: (value, name, account) => {
      if (isBlank(value)) return forAccount(required, account) ? FieldMessages.required(name) : null;
      if (typeof value !== 'string') return FieldMessages.string(name);
      const most = max === undefined ? undefined : forAccount(max, account);
      return most !== undefined && longerThan(value, most) ? FieldMessages.maxLength(name, most) : null;
    },
    parse: (value) => (typeof value === 'string' && !isBlank(value) ? value : null),
    shape: textShape('text', { max, required }),
  };
}

const isWebAddress = (value: string): boolean => /^https?:$/.test(URL.parse(value)?.protocol ?? '');

/** A web address (http or https), with the rules of a text. */
export function webAddress(rules: TextRules = {}): OptionField<string | null> {
  const asText = text(rules);
  return {
    fault: (value, name, account) => asText.fault(value, name, account) ?? (typeof value === 'string' && !isBlank(value) && !isWebAddress(value) ? FieldMessages.url(name) : null),
    parse: (value) => {
      const address = asText.parse(value);
      return address !== null && isWebAddress(address) ? address : null;
    },
    shape: textShape('url', rules),
  };
}

function textShape(type: 'text' | 'url', { max, required = false }: TextRules): OptionShape {
  // Required of every account: a field only some accounts must give (those whose settings lack it) is not.
  return { type, choices: null, required: typeof required === 'function' ? false : required, max_length: max === undefined ? null : forAccount(max, ANY_ACCOUNT) };
}
