import { FieldErrorBag } from './field-errors';
import { FieldMessages } from './field-messages';

const LONE_SURROGATE = /[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/;

/**
 * Characters no stored text may hold: NUL (PostgreSQL text and jsonb refuse it) and a UTF-16
 * surrogate without its pair (not a character at all; jsonb refuses it, UTF-8 cannot encode it).
 */
export const hasInvalidCharacters = (text: string): boolean => text.includes('\u0000') || LONE_SURROGATE.test(text);

/**
 * Reports every string inside `value` (nested objects and arrays included) that holds invalid
 * characters, under its own path (`''` for the top level); a key holding them is reported under the path of its object.
 * Walked without recursion, so any depth is safe.
 */
export function reportInvalidCharacters(value: unknown, path: string, errors: Pick<FieldErrorBag, 'add'>): void {
  const pending: Array<[unknown, string]> = [[value, path]];
  for (let next = 0; next < pending.length; next++) {
    const [node, at] = pending[next];
    if (typeof node === 'string') {
      if (hasInvalidCharacters(node)) errors.add(at, FieldMessages.invalidCharacters(at));
    } else if (typeof node === 'object' && node !== null) {
      for (const [key, child] of Object.entries(node)) {
        if (hasInvalidCharacters(key)) errors.add(at, FieldMessages.invalidCharacters(at));
        else pending.push([child, at === '' ? key : `${at}.${key}`]);
      }
    }
  }
}
