import { givenAccount } from '../testing/platform-specification';

describe('Bluesky', () => {
  const account = givenAccount('bluesky');

  it('given 300 graphemes of several code points each, then Bluesky takes them; one more is refused', () => {
    account.whenScheduling({ content: [{ body: '👩‍👩‍👧'.repeat(300) }] }).thenAccepted();
    account.whenScheduling({ content: [{ body: '👩‍👩‍👧'.repeat(301) }] }).thenErrors({ 'accounts.0': ['The text is longer than bluesky allows (300 characters).'] });
  });

  it('given a thread whose items make more than 300 together, then each is within the limit on its own', () => {
    account.whenScheduling({ content: [{ body: 'a'.repeat(300) }, { body: 'b'.repeat(300) }] }).thenAccepted((input) => expect(input.platformRules?.[1].contentItems).toBe('thread'));
  });
});
