import assert from 'node:assert/strict';
import type { FieldErrors } from '../../../fields/field-errors';
import type { PostContentInput } from '../../post-commands';
import type { AccountSnapshot } from '../../post-types';
import { validatePostBody } from '../validate-post-body';

export const NOW = new Date('2026-06-01T12:00:00Z');
export const sandbox: AccountSnapshot = { id: 7, provider: 'sandbox', name: 'Acme', username: 'acme' };
export const other: AccountSnapshot = { id: 9, provider: 'sandbox', name: 'Other', username: null };
export const original = { is_original: true, content: [{ body: 'Hello', media: [] }] };

/**
 * Given/when/then for the post body validator: the given workspace accounts (with their platform
 * text limits), the body sent, and the errors or the domain input expected. Test support only.
 */
export function givenWorkspace(accounts: AccountSnapshot[] = [sandbox, other], textLimits: Record<number, number> = {}, media?: string[]) {
  const context = {
    accounts: new Map(accounts.map((account) => [account.id, account])),
    textLimits: new Map(Object.entries(textLimits).map(([id, limit]) => [Number(id), limit])),
    ...(media && { media: new Set(media) }),
    now: NOW,
  };
  return {
    whenBody(body: unknown) {
      const result = validatePostBody(body, context);
      return {
        /** Exactly these errors, every one of them. */
        thenErrors(expected: FieldErrors): void {
          assert.ok(!result.ok, `expected errors, got ${JSON.stringify(result.ok && result.input)}`);
          assert.deepEqual(result.errors, expected);
        },
        /** At least these errors (other fields may fail too). */
        thenErrorsInclude(expected: FieldErrors): void {
          assert.ok(!result.ok, `expected errors, got ${JSON.stringify(result.ok && result.input)}`);
          for (const [field, messages] of Object.entries(expected)) assert.deepEqual(result.errors[field], messages, `errors of ${field}`);
        },
        thenErrorsMatch(check: (errors: FieldErrors) => void): void {
          assert.ok(!result.ok, `expected errors, got ${JSON.stringify(result.ok && result.input)}`);
          check(result.errors);
        },
        thenInput(check: (input: PostContentInput) => void): void {
          assert.ok(result.ok, `expected success, got ${JSON.stringify(!result.ok && result.errors)}`);
          check(result.input);
        },
      };
    },
  };
}
