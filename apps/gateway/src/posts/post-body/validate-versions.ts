import type { PostContent, PostVersion } from '@app/domain';
import { FieldMessages } from '../../http/validation';
import { FieldErrorBag, Fields, isAbsent, isFields, stringsField } from './field-errors';
import { PostMessages } from './post-validation-messages';

/**
 * `versions`: at least one, the first one original and no other. Each version is normalized:
 * account_id 0 (the original) by default, content [{body, media}] by default, options {}.
 */
export function validateVersions(value: unknown, isWorkspaceAccount: (id: number) => boolean, errors: FieldErrorBag): PostVersion[] {
  if (!Array.isArray(value) || value.length === 0) {
    errors.add('versions', PostMessages.versionsRequired);
    return [];
  }
  const originals = value.filter((version) => isFields(version) && version.is_original === true).length;
  if (originals === 0) errors.add('versions', PostMessages.originalRequired);
  if (originals > 1) errors.add('versions', PostMessages.onlyOneOriginal);
  if (!(isFields(value[0]) && value[0].is_original === true)) errors.add('versions.0.is_original', PostMessages.firstMustBeOriginal);
  return value.map((version, index) => normalizeVersion(version, `versions.${index}`, isWorkspaceAccount, errors));
}

function normalizeVersion(value: unknown, path: string, isWorkspaceAccount: (id: number) => boolean, errors: FieldErrorBag): PostVersion {
  if (!isFields(value)) {
    errors.add(path, FieldMessages.object(path));
    return { account_id: 0, is_original: false, content: defaultContent(), options: {} };
  }
  if (!isAbsent(value.is_original) && typeof value.is_original !== 'boolean') {
    errors.add(`${path}.is_original`, FieldMessages.boolean(`${path}.is_original`));
  }
  return {
    account_id: accountIdOf(value.account_id, `${path}.account_id`, isWorkspaceAccount, errors),
    is_original: value.is_original === true,
    content: contentOf(value.content, `${path}.content`, errors),
    options: optionsOf(value.options, `${path}.options`, errors),
  };
}

function accountIdOf(value: unknown, path: string, isWorkspaceAccount: (id: number) => boolean, errors: FieldErrorBag): number {
  if (isAbsent(value) || value === 0) return 0;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    errors.add(path, FieldMessages.integer(path));
    return 0;
  }
  if (!isWorkspaceAccount(value)) errors.add(path, PostMessages.accountInvalid);
  return value;
}

const defaultContent = (): PostContent[] => [{ body: '', media: [] }];

function contentOf(value: unknown, path: string, errors: FieldErrorBag): PostContent[] {
  if (isAbsent(value)) return defaultContent();
  if (!Array.isArray(value)) {
    errors.add(path, FieldMessages.array(path));
    return defaultContent();
  }
  if (value.length === 0) return defaultContent();
  return value.map((item, index) => contentItemOf(item, `${path}.${index}`, errors));
}

function contentItemOf(value: unknown, path: string, errors: FieldErrorBag): PostContent {
  if (!isFields(value)) {
    errors.add(path, FieldMessages.object(path));
    return { body: '', media: [] };
  }
  const item: Fields = value;
  let body = '';
  if (typeof item.body === 'string') body = item.body;
  else if (!isAbsent(item.body)) errors.add(`${path}.body`, FieldMessages.string(`${path}.body`));
  return { body, media: stringsField(item.media, `${path}.media`, errors) };
}

function optionsOf(value: unknown, path: string, errors: FieldErrorBag): Record<string, unknown> {
  if (isAbsent(value)) return {};
  if (!isFields(value)) {
    errors.add(path, FieldMessages.object(path));
    return {};
  }
  return value;
}
