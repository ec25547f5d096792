import type { AccountSnapshot, PostContentInput } from '@app/domain';
import { FieldErrors } from '../../http/api-error';
import { FieldMessages } from '../../http/validation';
import { FieldErrorBag, Fields, isAbsent, isFields, stringsField } from './field-errors';
import { PostMessages } from './post-validation-messages';
import { validateSchedule } from './validate-schedule';
import { validateVersions } from './validate-versions';

export interface PostBodyContext {
  /** The accounts of the workspace the post belongs to (deleted ones excluded), by id. */
  accounts: ReadonlyMap<number, AccountSnapshot>;
  now: Date;
}

export type PostBodyResult = { ok: true; input: PostContentInput } | { ok: false; errors: FieldErrors };

/**
 * Checks the body of a post create or update and turns it into the domain's input. Every failing
 * field is reported at once under the contract's keys and messages; unknown fields are ignored;
 * a value of the wrong type is a field error, never an exception.
 */
export function validatePostBody(body: unknown, context: PostBodyContext): PostBodyResult {
  const fields: Fields = isFields(body) ? body : {};
  const errors = new FieldErrorBag();
  const versions = validateVersions(fields.versions, (id) => context.accounts.has(id), errors);
  const accounts = accountsOf(fields.accounts, context.accounts, errors);
  const intent = validateSchedule(fields, namesAnyAccount(fields.accounts), context.now, errors);
  const tags = stringsField(fields.tags, 'tags', errors);
  if (!errors.isEmpty) return { ok: false, errors: errors.toJSON() };
  return { ok: true, input: { versions, accounts, tags, intent } };
}

const namesAnyAccount = (value: unknown) => Array.isArray(value) && value.length > 0;

/** Account ids of this workspace (numbers, or digits in a string), each taken once, in order. */
function accountsOf(value: unknown, workspaceAccounts: ReadonlyMap<number, AccountSnapshot>, errors: FieldErrorBag): AccountSnapshot[] {
  if (isAbsent(value)) return [];
  if (!Array.isArray(value)) {
    errors.add('accounts', FieldMessages.array('accounts'));
    return [];
  }
  const chosen = new Map<number, AccountSnapshot>();
  value.forEach((item, index) => {
    const id = typeof item === 'string' && /^\d{1,15}$/.test(item) ? Number(item) : item;
    const account = typeof id === 'number' ? workspaceAccounts.get(id) : undefined;
    if (!account) errors.add(`accounts.${index}`, PostMessages.accountInvalid);
    else if (!chosen.has(account.id)) chosen.set(account.id, { ...account });
  });
  return [...chosen.values()];
}
