import assert from 'node:assert/strict';
import type { FieldErrors } from '../fields/field-errors';
import { decide } from '../post/decide';
import { evolve, foldPost } from '../post/evolve';
import { PostCommand } from '../post/post-commands';
import { PostErrorCode, PostRuleViolation } from '../post/post-errors';
import { PostEvent } from '../post/post-events';
import { PostState } from '../post/post-state';

/**
 * Given/when/then for the Post decider: the given events build the state, the command is
 * decided on it, and the outcome is compared. Test support only; not exported by the library.
 */
export function givenPost(...history: PostEvent[]) {
  return {
    when(command: PostCommand) {
      const run = () => decide(command, foldPost(history));
      return {
        then(expected: PostEvent[]): void {
          assert.deepEqual(run(), expected);
        },
        thenNothingHappens(): void {
          assert.deepEqual(run(), []);
        },
        /** Refused with `code`, and for invalid content with exactly these field errors when given. */
        thenThrows(code: PostErrorCode, fields?: FieldErrors): void {
          let error: unknown;
          try {
            run();
          } catch (caught) {
            error = caught;
          }
          assert.ok(error instanceof PostRuleViolation, `expected PostRuleViolation ${code}, got ${String(error ?? 'no error')}`);
          assert.equal(error.code, code);
          if (fields) assert.deepEqual(error.fields, fields);
        },
        /** The state after applying the decided events, for checks on what evolve makes of them. */
        thenState(check: (state: PostState) => void): void {
          check(run().reduce(evolve, foldPost(history)));
        },
      };
    },
  };
}
