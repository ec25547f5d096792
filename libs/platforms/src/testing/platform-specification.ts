import { FieldErrors, PostContentInput, validatePostBody } from '@app/domain';
import { platformRules } from '../platform-registry';

/** Media of the workspace the bodies may name: one image, and videos (5 s and 10 MB; 1 s; 20 minutes; 5 GB). */
export const IMAGE = 'image-1';
export const VIDEO = 'video-1';
export const SHORT_VIDEO = 'video-short';
export const LONG_VIDEO = 'video-long';
export const HUGE_VIDEO = 'video-huge';

const VIDEOS = new Map([
  [VIDEO, { size: 10_000_000, durationSeconds: 5 }],
  [SHORT_VIDEO, { size: 200_000, durationSeconds: 1 }],
  [LONG_VIDEO, { size: 40_000_000, durationSeconds: 1_200 }],
  [HUGE_VIDEO, { size: 5_000_000_000, durationSeconds: 30 }],
]);

/** `n` content items, each with a text of `length` letters, and media when given. */
export const items = (n: number, length = 5, media: string[] = []) => Array.from({ length: n }, () => ({ body: 'a'.repeat(length), media }));

export interface VersionSent {
  content?: unknown[];
  options?: Record<string, unknown>;
}

/**
 * Given/when/then for a provider's rules, as the gateway applies them: a workspace with one account
 * of the provider (with the settings its platform reported at connect), a post scheduled to it
 * through the domain's validator with the real registry, and the errors or the input expected.
 * Test support only.
 */
export function givenAccount(provider: string, settings: Record<string, unknown> = {}) {
  const account = { id: 1, provider, name: provider, username: null };
  const context = {
    accounts: new Map([[1, account]]),
    platforms: platformRules,
    accountSettings: new Map([[1, settings]]),
    media: new Set([IMAGE, ...VIDEOS.keys()]),
    videos: VIDEOS,
    now: new Date('2026-06-01T12:00:00Z'),
  };
  return {
    whenScheduling(version: VersionSent, intent: Record<string, unknown> = { schedule_now: true }) {
      const result = validatePostBody({ versions: [{ is_original: true, content: items(1), ...version }], accounts: [1], ...intent }, context);
      return {
        /** Exactly these errors. */
        thenErrors(expected: FieldErrors): void {
          expect(result).toEqual({ ok: false, errors: expected });
        },
        thenAccepted(check: (input: PostContentInput) => void = () => undefined): void {
          expect(result.ok ? null : result.errors).toBeNull();
          if (result.ok) check(result.input);
        },
      };
    },
  };
}
