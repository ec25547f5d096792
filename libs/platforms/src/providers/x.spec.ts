import { givenAccount } from '../testing/platform-specification';

describe('X', () => {
  const account = givenAccount('x');
  const tooLong = { 'accounts.0': ['The text is longer than x allows (280 characters).'] };

  it('given a long URL, then it counts 23 as X shortens it: 256 characters and a 100-character URL are taken', () => {
    account.whenScheduling({ content: [{ body: `${'a'.repeat(256)} https://example.com/${'p'.repeat(80)}` }] }).thenAccepted();
    account.whenScheduling({ content: [{ body: `${'a'.repeat(257)} https://example.com/${'p'.repeat(80)}` }] }).thenErrors(tooLong);
  });

  it('given wide characters, then each counts 2: 140 are taken, 141 refused', () => {
    account.whenScheduling({ content: [{ body: '日'.repeat(140) }] }).thenAccepted();
    account.whenScheduling({ content: [{ body: '日'.repeat(141) }] }).thenErrors(tooLong);
  });

  it('given emoji of several code points, then each counts 2: 140 families are taken, 141 refused', () => {
    account.whenScheduling({ content: [{ body: '👩‍👩‍👧'.repeat(140) }] }).thenAccepted();
    account.whenScheduling({ content: [{ body: '👩‍👩‍👧'.repeat(141) }] }).thenErrors(tooLong);
  });
});
