import { describe, expect, it } from '@jest/globals';
import { choicesOf, textLimitOf, type PlatformDescription } from './platform-text';

const telegram = { text: { limit: 4096, limit_with_media: 1024, counting: 'code_points' } } as PlatformDescription;
const mastodon = { text: { limit: 500, limit_with_media: null, counting: 'code_points' } } as PlatformDescription;
const privacy: PlatformDescription['options'][number] = { name: 'privacy_level', type: 'choice', choices: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'], required: true, max_length: null };

describe('the limits and choices of the chosen accounts', () => {
  it("takes an account's own text limit over its platform's, the shortest of several, and a caption's when shorter", () => {
    expect(textLimitOf(mastodon)).toBe(500);
    expect(textLimitOf(mastodon, false, [{ limits: { text: 1000 } }])).toBe(1000);
    expect(textLimitOf(mastodon, false, [{ limits: { text: 1000 } }, { limits: { text: 800 } }])).toBe(800);
    expect(textLimitOf(mastodon, false, [{ limits: { text: 1000 } }, { limits: null }])).toBe(500);
    expect(textLimitOf(telegram, true, [{ limits: null }])).toBe(1024);
    expect(textLimitOf(undefined, false, [{ limits: { text: 10 } }])).toBeNull();
  });

  it('offers the choices every chosen account offers', () => {
    expect(choicesOf(privacy, [{ options: {} }])).toEqual(privacy.choices);
    expect(choicesOf(privacy, [{ options: { privacy_level: ['SELF_ONLY', 'MUTUAL_FOLLOW_FRIENDS'] } }, { options: {} }])).toEqual(['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY']);
    expect(choicesOf(privacy, [{ options: { privacy_level: ['SELF_ONLY', 'MUTUAL_FOLLOW_FRIENDS'] } }, { options: { privacy_level: ['SELF_ONLY'] } }])).toEqual(['SELF_ONLY']);
  });
});
