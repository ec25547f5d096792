import { asError, errorDetail, errorMessage, errorStack } from './index';

describe('what a thrown value says', () => {
  const failure = new Error('the broker went away');

  it('an Error gives its message, its stack, and itself', () => {
    expect(errorMessage(failure)).toBe('the broker went away');
    expect(errorDetail(failure)).toBe(failure.stack);
    expect(errorStack(failure)).toBe(failure.stack);
    expect(asError(failure)).toBe(failure);
  });

  it('an Error without a stack gives its message as detail', () => {
    const bare = new Error('no stack');
    bare.stack = undefined;
    expect(errorDetail(bare)).toBe('no stack');
  });

  it('anything else is its text, has no stack, and becomes an Error with that text', () => {
    expect(errorMessage('timeout')).toBe('timeout');
    expect(errorMessage(42)).toBe('42');
    expect(errorDetail({ toString: () => 'odd' })).toBe('odd');
    expect(errorStack('timeout')).toBeUndefined();
    expect(asError('timeout')).toEqual(new Error('timeout'));
  });
});
