import { describe, expect, it } from '@jest/globals';
import { plural } from './plural';

describe('plural', () => {
  it('says one thing in the singular, and none or many in the plural', () => {
    expect(plural(1, 'attempt')).toBe('1 attempt');
    expect(plural(0, 'attempt')).toBe('0 attempts');
    expect(plural(3, 'attempt')).toBe('3 attempts');
    expect(plural(2, 'reply', 'replies')).toBe('2 replies');
  });
});
