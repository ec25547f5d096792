import { FieldErrors } from '../../http/api-error';
import { FieldMessages } from '../../http/validation';

/** Collects every failing field of a body, so that all are reported at once. */
export class FieldErrorBag {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    const messages = (this.errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }

  get isEmpty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  toJSON(): FieldErrors {
    return this.errors;
  }
}

export type Fields = Record<string, unknown>;

export const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isAbsent = (value: unknown): value is null | undefined => value === undefined || value === null;

/** true/false, also as 1/0 and "1"/"0"/"true"/"false" the way form-minded clients send them; absent is false. */
export function booleanField(body: Fields, field: string, errors: FieldErrorBag): boolean {
  const value = body[field];
  if (isAbsent(value)) return false;
  if (value === true || value === 1 || value === '1' || value === 'true') return true;
  if (value === false || value === 0 || value === '0' || value === 'false') return false;
  errors.add(field, FieldMessages.boolean(field));
  return false;
}

/** An array of strings; absent is empty. */
export function stringsField(value: unknown, field: string, errors: FieldErrorBag): string[] {
  if (isAbsent(value)) return [];
  if (!Array.isArray(value)) {
    errors.add(field, FieldMessages.array(field));
    return [];
  }
  value.forEach((item, index) => {
    if (typeof item !== 'string') errors.add(`${field}.${index}`, FieldMessages.string(`${field}.${index}`));
  });
  return value.filter((item): item is string => typeof item === 'string');
}
