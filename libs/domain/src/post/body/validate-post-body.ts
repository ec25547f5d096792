import { FieldErrorBag, FieldErrors, isAbsent, isFields } from '../../fields/field-errors';
import { FieldMessages } from '../../fields/field-messages';
import { reportUnknownFields } from '../../fields/unknown-fields';
import type { PostContentInput } from '../post-commands';
import type { AccountSnapshot } from '../post-types';
import { checkPlatformOptions, resolveBodyRules, VideoFact } from './platform-content-rules';
import type { PlatformRulesRegistry } from './platform-rules';
import { PostBodyFields } from './post-body-fields';
import { PostBodyLimits } from './post-body-limits';
import { PostMessages } from './post-body-messages';
import { checkPostContent } from './post-content-rules';
import { readRecycle } from '../recycle';
import { readSchedule, ScheduleContext } from './read-schedule';
import { readItems, readStrings, readVersions } from './read-versions';

export interface PostBodyContext extends ScheduleContext {
  /** The accounts of the workspace the post belongs to (deleted ones excluded), by id. */
  accounts: ReadonlyMap<number, AccountSnapshot>;
  /**
   * The platforms' rules (the port), asked about each account the post targets: text limits,
   * content items, media, options. Without it, no platform rule applies.
   */
  platforms?: PlatformRulesRegistry;
  /** Account id -> the settings its platform reported at connect that the workspace keeps (Mastodon's `max_characters`). */
  accountSettings?: ReadonlyMap<number, Readonly<Record<string, unknown>>>;
  /**
   * The media ids of the workspace (at least those the body names): any other id in a version's
   * `content[].media` is refused. Without it, media ids are not checked (the domain's own use).
   */
  media?: ReadonlySet<string>;
  /** Of those media, the videos, with their size and duration (for platforms that need one, or limit them); without it any media counts as one. */
  videos?: ReadonlyMap<string, VideoFact>;
  now: Date;
}

export type PostBodyResult = { ok: true; input: PostContentInput } | { ok: false; errors: FieldErrors };

/**
 * Checks the JSON body of a post create or update and turns it into the domain's input. Every
 * failing field is reported at once under the contract's keys and messages: first the shape and
 * the formats, then the content rules the decider applies too (with the rules of each account's
 * platform, asked of the port and carried in the input), and at schedule time the options of each
 * account's platform, which only the port can read. A field the body may not hold (PostBodyFields)
 * is reported under its path, naming the field it most likely meant; a value of the wrong type is a
 * field error, never an exception.
 */
export function validatePostBody(body: unknown, context: PostBodyContext): PostBodyResult {
  const fields = isFields(body) ? body : {};
  const errors = new FieldErrorBag();
  reportUnknownFields(fields, PostBodyFields.post, '', errors);
  const media = context.media;
  const versions = readVersions(fields.versions, (id) => context.accounts.has(id), errors, media ? (id) => media.has(id) : undefined);
  const { accounts, accountKeys } = readAccounts(fields.accounts, context.accounts, errors);
  const intent = readSchedule(fields, context, errors);
  const tags = readStrings(fields.tags, 'tags', PostBodyLimits.tags, errors);
  const recycle = readRecycle(fields.recycle, errors);
  const { platforms, accountSettings, videos } = context;
  const platformRules = platforms ? resolveBodyRules({ accounts, versions }, platforms, accountSettings) : {};
  const input: PostContentInput = { versions, accounts, tags, intent, ...(recycle !== undefined && { recycle }), ...(Object.keys(platformRules).length > 0 && { platformRules }) };
  const layout = { accountKeys, namesAccounts: Array.isArray(fields.accounts) && fields.accounts.length > 0 };
  checkPostContent(input, errors, layout, videos ? { isVideo: (id) => videos.has(id), video: (id) => videos.get(id) } : {});
  if (platforms && intent.kind !== 'draft') checkPlatformOptions(input, platforms, errors, accountSettings);
  return errors.isEmpty ? { ok: true, input } : { ok: false, errors: errors.toJSON() };
}

/** Account ids of this workspace (numbers, or digits in a string), each taken once, in order, with the key each came under. */
function readAccounts(value: unknown, workspaceAccounts: ReadonlyMap<number, AccountSnapshot>, errors: FieldErrorBag) {
  const chosen = new Map<number, { account: AccountSnapshot; key: string }>();
  if (!isAbsent(value) && !Array.isArray(value)) errors.add('accounts', FieldMessages.array('accounts'));
  if (Array.isArray(value)) {
    if (value.length > PostBodyLimits.accounts) errors.add('accounts', PostMessages.tooManyAccounts);
    readItems(value, 'accounts', PostBodyLimits.accounts, errors, (item, key, itemErrors) => {
      const id = typeof item === 'string' && /^\d{1,15}$/.test(item) ? Number(item) : item;
      const account = typeof id === 'number' ? workspaceAccounts.get(id) : undefined;
      if (!account) itemErrors.add(key, PostMessages.accountInvalid);
      else if (!chosen.has(account.id)) chosen.set(account.id, { account: { ...account }, key });
    });
  }
  const entries = [...chosen.values()];
  return { accounts: entries.map((entry) => entry.account), accountKeys: entries.map((entry) => entry.key) };
}
