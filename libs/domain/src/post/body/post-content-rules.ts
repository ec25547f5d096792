import { FieldErrorBag, FieldErrors } from '../../fields/field-errors';
import { reportInvalidCharacters } from '../../fields/invalid-characters';
import type { PostContentInput } from '../post-commands';
import type { PostContent, PostVersion } from '../post-types';
import { checkPlatformRules, MediaFacts } from './platform-content-rules';
import { longerThan, PostBodyLimits } from './post-body-limits';
import { PostMessages } from './post-body-messages';

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
 * limits on a post body, no invalid characters in any text; and when scheduling, accounts to
 * publish to, something to publish in every content item, and the rules of each account's
 * platform the input carries (`platformRules`). Lists over their limit are reported once and only
 * their first items are looked into. A draft may be empty: it is being written.
 */
export function checkPostContent(input: PostContentInput, errors: Errors, layout: AccountLayout = layoutOf(input), media: MediaFacts = {}): void {
  checkVersions(input.versions, errors);
  checkTags(input.tags, errors);
  if (input.intent.kind === 'draft') return;
  if (!layout.namesAccounts) errors.add('accounts', PostMessages.accountsRequiredWhenScheduling);
  input.versions.slice(0, PostBodyLimits.versions).forEach((version, index) => checkSomethingToPublish(version.content, `versions.${index}.content`, errors));
  checkPlatformRules(input, layout.accountKeys, errors, media);
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

const isEmpty = (item: PostContent): boolean => item.body.trim() === '' && item.media.length === 0;

/**
 * A version publishes every content item: each needs a body or media. A version with nothing in
 * any item (`content: []` reads as one empty item) is reported under its content; otherwise each
 * empty item under its own key (an empty step in the middle of a thread).
 */
function checkSomethingToPublish(content: readonly PostContent[], path: string, errors: Errors): void {
  const items = content.slice(0, PostBodyLimits.contentItems);
  if (items.every(isEmpty)) {
    errors.add(path, PostMessages.contentEmpty);
    return;
  }
  items.forEach((item, index) => {
    if (isEmpty(item)) errors.add(`${path}.${index}`, PostMessages.contentItemEmpty);
  });
}
