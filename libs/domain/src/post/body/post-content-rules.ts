import { FieldErrorBag, FieldErrors } from '../../fields/field-errors';
import { reportInvalidCharacters } from '../../fields/invalid-characters';
import type { PostContentInput } from '../post-commands';
import type { PostVersion } from '../post-types';
import { longerThan, PostBodyLimits } from './post-body-limits';
import { PostMessages } from './post-body-messages';
import { platformTextLength, publishedText, versionFor } from './provider-text-limits';

/**
 * Where findings about the input's accounts go in the body it was read from: the key of each
 * account, and whether the body named any account (named but unknown ones are not in the input).
 */
export interface AccountLayout {
  accountKeys: readonly string[];
  namesAccounts: boolean;
}

const layoutOf = (input: PostContentInput): AccountLayout => ({
  accountKeys: input.accounts.map((_account, index) => `accounts.${index}`),
  namesAccounts: input.accounts.length > 0,
});

type Errors = Pick<FieldErrorBag, 'add'>;

/**
 * The rules a post's content keeps whoever sends it: the versions (one original, first), the
 * limits on a post body, no invalid characters in any text, accounts to publish to when scheduling,
 * and each account's platform text limit when scheduling. Lists over their limit are reported once
 * and only their first items are looked into.
 */
export function checkPostContent(input: PostContentInput, errors: Errors, layout: AccountLayout = layoutOf(input)): void {
  checkVersions(input.versions, errors);
  checkTags(input.tags, errors);
  if (input.intent.kind === 'draft') return;
  if (!layout.namesAccounts) errors.add('accounts', PostMessages.accountsRequiredWhenScheduling);
  checkTextLimits(input, layout, errors);
}

/** Every field error of the input at once, keyed by field path; `{}` when it keeps every rule. */
export function postContentErrors(input: PostContentInput): FieldErrors {
  const errors = new FieldErrorBag();
  checkPostContent(input, errors);
  return errors.toJSON();
}

function checkVersions(versions: readonly PostVersion[], errors: Errors): void {
  if (versions.length === 0) {
    errors.add('versions', PostMessages.versionsRequired);
    return;
  }
  const originals = versions.filter((version) => version.is_original).length;
  if (originals === 0) errors.add('versions', PostMessages.originalRequired);
  if (originals > 1) errors.add('versions', PostMessages.onlyOneOriginal);
  if (!versions[0].is_original) errors.add('versions.0.is_original', PostMessages.firstMustBeOriginal);
  if (versions.length > PostBodyLimits.versions) errors.add('versions', PostMessages.tooManyVersions);
  versions.slice(0, PostBodyLimits.versions).forEach((version, index) => checkVersion(version, `versions.${index}`, errors));
}

function checkVersion(version: PostVersion, path: string, errors: Errors): void {
  if (version.content.length > PostBodyLimits.contentItems) errors.add(`${path}.content`, PostMessages.tooManyContentItems);
  version.content.slice(0, PostBodyLimits.contentItems).forEach((item, index) => {
    const itemPath = `${path}.content.${index}`;
    if (longerThan(item.body, PostBodyLimits.bodyCharacters)) errors.add(`${itemPath}.body`, PostMessages.bodyTooLong);
    reportInvalidCharacters(item.body, `${itemPath}.body`, errors);
    checkStrings(item.media, `${itemPath}.media`, PostBodyLimits.mediaItems, PostBodyLimits.mediaCharacters, PostMessages.tooManyMedia, PostMessages.mediaTooLong, errors);
  });
  checkOptions(version.options, `${path}.options`, errors);
}

function checkTags(tags: readonly string[], errors: Errors): void {
  checkStrings(tags, 'tags', PostBodyLimits.tags, PostBodyLimits.tagCharacters, PostMessages.tooManyTags, PostMessages.tagTooLong, errors);
}

function checkStrings(list: readonly string[], path: string, maxItems: number, maxCharacters: number, tooMany: string, tooLong: string, errors: Errors): void {
  if (list.length > maxItems) errors.add(path, tooMany);
  list.slice(0, maxItems).forEach((text, index) => {
    if (longerThan(text, maxCharacters)) errors.add(`${path}.${index}`, tooLong);
    reportInvalidCharacters(text, `${path}.${index}`, errors);
  });
}

/** Free-form per-platform settings: bounded in depth and size, and clean text throughout. */
function checkOptions(options: Record<string, unknown>, path: string, errors: Errors): void {
  if (depthOf(options) > PostBodyLimits.optionsDepth) {
    errors.add(path, PostMessages.optionsTooDeep);
    return;
  }
  if (JSON.stringify(options).length > PostBodyLimits.optionsCharacters) errors.add(path, PostMessages.optionsTooLarge);
  reportInvalidCharacters(options, path, errors);
}

/** Levels of objects and arrays in `value` (an empty object is one), walked without recursion. */
function depthOf(value: object): number {
  let deepest = 0;
  const pending: Array<[unknown, number]> = [[value, 1]];
  for (let next = 0; next < pending.length; next++) {
    const [node, depth] = pending[next];
    if (typeof node !== 'object' || node === null) continue;
    deepest = Math.max(deepest, depth);
    for (const child of Object.values(node)) pending.push([child, depth + 1]);
  }
  return deepest;
}

function checkTextLimits(input: PostContentInput, layout: AccountLayout, errors: Errors): void {
  const limits = input.textLimits ?? {};
  input.accounts.forEach((account, index) => {
    const limit = limits[account.id];
    const version = versionFor(account.id, input.versions);
    if (limit === undefined || version === null) return;
    if (platformTextLength(account, publishedText(version)) > limit) {
      errors.add(layout.accountKeys[index] ?? `accounts.${index}`, PostMessages.textTooLong(account.provider, limit));
    }
  });
}
