import { hasInvalidCharacters } from '../../fields/invalid-characters';
import { DISCARDED_ERRORS, FieldErrorBag, Fields, isAbsent, isFields } from '../../fields/field-errors';
import { FieldMessages } from '../../fields/field-messages';
import { reportUnknownFields } from '../../fields/unknown-fields';
import type { PostContent, PostVersion } from '../post-types';
import { PostBodyFields } from './post-body-fields';
import { PostBodyLimits } from './post-body-limits';
import { PostMessages } from './post-body-messages';

type Errors = Pick<FieldErrorBag, 'add'>;

/**
 * The items of a list, each read by `read`; the faults of items past `limit` are not reported
 * (the list itself is, by the content rules), so a flood of bad items makes one error, not thousands.
 */
export function readItems<T>(list: unknown[], path: string, limit: number, errors: Errors, read: (item: unknown, path: string, errors: Errors) => T): T[] {
  return list.map((item, index) => read(item, `${path}.${index}`, index < limit ? errors : DISCARDED_ERRORS));
}

/**
 * `versions` as the domain takes them, with the faults of their shape: account_id 0 (the original)
 * by default, content [{body, media}] by default, options {}. A missing or malformed list reads as
 * none, which the content rules report.
 */
export function readVersions(value: unknown, isWorkspaceAccount: (id: number) => boolean, errors: Errors, isWorkspaceMedia: (id: string) => boolean = () => true): PostVersion[] {
  if (!Array.isArray(value)) return [];
  return readItems(value, 'versions', PostBodyLimits.versions, errors, (version, path, itemErrors) =>
    readVersion(version, path, { isWorkspaceAccount, isWorkspaceMedia }, itemErrors),
  );
}

interface WorkspaceChecks {
  isWorkspaceAccount: (id: number) => boolean;
  isWorkspaceMedia: (id: string) => boolean;
}

function readVersion(value: unknown, path: string, { isWorkspaceAccount, isWorkspaceMedia }: WorkspaceChecks, errors: Errors): PostVersion {
  if (!isFields(value)) {
    errors.add(path, FieldMessages.object(path));
    return { account_id: 0, is_original: false, content: defaultContent(), options: {} };
  }
  reportUnknownFields(value, PostBodyFields.version, path, errors);
  if (!isAbsent(value.is_original) && typeof value.is_original !== 'boolean') {
    errors.add(`${path}.is_original`, FieldMessages.boolean(`${path}.is_original`));
  }
  return {
    account_id: accountIdOf(value.account_id, `${path}.account_id`, isWorkspaceAccount, errors),
    is_original: value.is_original === true,
    content: contentOf(value.content, `${path}.content`, isWorkspaceMedia, errors),
    options: optionsOf(value.options, `${path}.options`, errors),
  };
}

function accountIdOf(value: unknown, path: string, isWorkspaceAccount: (id: number) => boolean, errors: Errors): number {
  if (isAbsent(value) || value === 0) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    errors.add(path, FieldMessages.integer(path));
    return 0;
  }
  if (!isWorkspaceAccount(value)) errors.add(path, PostMessages.accountInvalid);
  return value;
}

const defaultContent = (): PostContent[] => [{ body: '', media: [] }];

function contentOf(value: unknown, path: string, isWorkspaceMedia: (id: string) => boolean, errors: Errors): PostContent[] {
  if (isAbsent(value)) return defaultContent();
  if (!Array.isArray(value)) {
    errors.add(path, FieldMessages.array(path));
    return defaultContent();
  }
  if (value.length === 0) return defaultContent();
  return readItems(value, path, PostBodyLimits.contentItems, errors, (item, itemPath, itemErrors) => contentItemOf(item, itemPath, isWorkspaceMedia, itemErrors));
}

function contentItemOf(value: unknown, path: string, isWorkspaceMedia: (id: string) => boolean, errors: Errors): PostContent {
  if (!isFields(value)) {
    errors.add(path, FieldMessages.object(path));
    return { body: '', media: [] };
  }
  reportUnknownFields(value, PostBodyFields.contentItem, path, errors);
  const item: Fields = value;
  let body = '';
  if (typeof item.body === 'string') body = item.body;
  else if (!isAbsent(item.body)) errors.add(`${path}.body`, FieldMessages.string(`${path}.body`));
  const media = readStrings(item.media, `${path}.media`, PostBodyLimits.mediaItems, errors);
  // Each id must name a media file of the workspace, reported under its own key (`...media.K`);
  // an id with invalid characters is reported for them alone.
  if (Array.isArray(item.media)) {
    readItems(item.media, `${path}.media`, PostBodyLimits.mediaItems, errors, (id, idPath, idErrors) => {
      if (typeof id === 'string' && !hasInvalidCharacters(id) && !isWorkspaceMedia(id)) idErrors.add(idPath, PostMessages.mediaInvalid);
    });
  }
  return { body, media };
}

function optionsOf(value: unknown, path: string, errors: Errors): Record<string, unknown> {
  if (isAbsent(value)) return {};
  if (!isFields(value)) {
    errors.add(path, FieldMessages.object(path));
    return {};
  }
  return value;
}

/** An array of strings; absent is empty; the items that are not strings are reported and left out. */
export function readStrings(value: unknown, path: string, limit: number, errors: Errors): string[] {
  if (isAbsent(value)) return [];
  if (!Array.isArray(value)) {
    errors.add(path, FieldMessages.array(path));
    return [];
  }
  readItems(value, path, limit, errors, (item, itemPath, itemErrors) => {
    if (typeof item !== 'string') itemErrors.add(itemPath, FieldMessages.string(itemPath));
  });
  return value.filter((item): item is string => typeof item === 'string');
}
