import assert from 'node:assert/strict';
import type { FieldErrors } from '../fields/field-errors';
import type { PostContentInput } from '../post/post-commands';
import type { AccountSnapshot } from '../post/post-types';
import type { AccountBodyRules, OptionErrors, PlatformAccount, PlatformRulesRegistry } from '../post/body/platform-rules';
import { validatePostBody } from '../post/body/validate-post-body';

export const NOW = new Date('2026-06-01T12:00:00Z');
export const sandbox: AccountSnapshot = { id: 7, provider: 'sandbox', name: 'Acme', username: 'acme' };
export const other: AccountSnapshot = { id: 9, provider: 'sandbox', name: 'Other', username: null };
export const original = { is_original: true, content: [{ body: 'Hello', media: [] }] };

/** What a stub platform answers: its body rules (the defaults: no limit, any items, no media needed), and its options' faults. */
export interface StubPlatform extends Partial<Omit<AccountBodyRules, 'provider'>> {
  /** The text limit for an account, from what the workspace knows of it (the instance's limit). */
  textLimitOf?: (account: PlatformAccount) => number;
  optionErrors?: (options: unknown, account: PlatformAccount) => OptionErrors;
}

/** The port, answered by stub platforms by provider name: the domain's tests know no real platform. */
export function stubPlatforms(platforms: Record<string, StubPlatform>): PlatformRulesRegistry {
  return {
    rulesOf: (provider) => {
      if (!Object.hasOwn(platforms, provider)) return null;
      const { textLimitOf, optionErrors, ...rules } = platforms[provider];
      return {
        provider,
        bodyRules: (account) => ({
          provider,
          textLimit: textLimitOf ? textLimitOf(account) : null,
          textLimitWithMedia: null,
          textCounting: 'code_points',
          contentItems: 'any',
          media: 'optional',
          ...rules,
        }),
        optionErrors: optionErrors ?? (() => ({})),
      };
    },
  };
}

export interface WorkspaceFacts {
  platforms?: PlatformRulesRegistry;
  /** Account id -> the settings its platform reported at connect. */
  settings?: Record<number, Record<string, unknown>>;
  /** The media of the workspace; without it, media ids are not checked. */
  media?: string[];
  videos?: string[];
}

/**
 * Given/when/then for the post body validator: the given workspace accounts (with the platforms'
 * rules, the accounts' settings and the workspace's media), the body sent, and the errors or the
 * domain input expected. Test support only.
 */
export function givenWorkspace(accounts: AccountSnapshot[] = [sandbox, other], facts: WorkspaceFacts = {}) {
  const { platforms, settings = {}, media, videos } = facts;
  const context = {
    accounts: new Map(accounts.map((account) => [account.id, account])),
    ...(platforms && { platforms }),
    accountSettings: new Map(Object.entries(settings).map(([id, values]) => [Number(id), values])),
    ...(media && { media: new Set(media) }),
    // Videos of 1 MB whose duration is not known: what rules of size and length leave alone.
    ...(videos && { videos: new Map(videos.map((id) => [id, { size: 1_000_000, durationSeconds: null }])) }),
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
