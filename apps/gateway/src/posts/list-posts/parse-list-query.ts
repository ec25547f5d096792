import { POST_STATUSES, type PostStatus } from '@app/contracts';
import { FieldMessages } from '@app/domain';
import { FieldErrors } from '../../http/api-error';

export { POST_STATUSES };
export const DEFAULT_LIMIT = 20;
export const MAX_LIMIT = 100;

export interface ListQuery {
  status: PostStatus | null;
  page: number;
  limit: number;
}

export type ListQueryResult = { ok: true; query: ListQuery } | { ok: false; errors: FieldErrors };

/** `?status=&page=&limit=`: an empty or absent value takes the default; anything else must be valid. */
export function parseListQuery(raw: Record<string, unknown>): ListQueryResult {
  const errors: FieldErrors = {};
  const status = single(raw.status);
  if (status !== null && !(POST_STATUSES as readonly string[]).includes(status)) errors.status = [FieldMessages.selectedInvalid('status')];
  const page = positiveInteger(single(raw.page), 'page', 1, Number.MAX_SAFE_INTEGER, errors);
  const limit = positiveInteger(single(raw.limit), 'limit', DEFAULT_LIMIT, MAX_LIMIT, errors);
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: { status: status as PostStatus | null, page, limit } };
}

/** A repeated parameter (`?page=1&page=2`) is not a value either: it is kept as is, and fails. */
function single(value: unknown): string | null {
  if (value === undefined || value === '') return null;
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function positiveInteger(text: string | null, field: string, fallback: number, max: number, errors: FieldErrors): number {
  if (text === null) return fallback;
  if (!/^\d{1,16}$/.test(text)) {
    errors[field] = [FieldMessages.integer(field)];
    return fallback;
  }
  const value = Number(text);
  if (value < 1) errors[field] = [`The ${field} field must be at least 1.`];
  else if (value > max) errors[field] = [`The ${field} field must not be greater than ${max}.`];
  return value;
}
