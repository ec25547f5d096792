import { describe, expect, it } from '@jest/globals';
import { graphemes, shorten } from './graphemes';

const FRANCE = '\u{1F1EB}\u{1F1F7}';
const FAMILY = '\u{1F468}\u200D\u{1F469}\u200D\u{1F467}\u200D\u{1F466}';
const THUMBS_UP_DARK = '\u{1F44D}\u{1F3FF}';
const E_ACUTE_COMBINING = 'e\u0301';

describe('graphemes', () => {
  it('counts a flag, a family, a skin tone and a letter with a combining accent as one character each', () => {
    expect(graphemes(`${FRANCE}${FAMILY}${THUMBS_UP_DARK}${E_ACUTE_COMBINING}a`)).toEqual([FRANCE, FAMILY, THUMBS_UP_DARK, E_ACUTE_COMBINING, 'a']);
    expect(graphemes('')).toEqual([]);
  });
});

describe('shorten', () => {
  it('keeps a text that fits as it is', () => {
    expect(shorten('Launch day', 40)).toBe('Launch day');
    expect(shorten(`Hi ${FAMILY}`, 4)).toBe(`Hi ${FAMILY}`);
  });

  it('cuts between characters, never inside a flag, a family emoji or a letter and its accent', () => {
    expect(shorten(`ab${FRANCE}cd`, 3)).toBe(`ab${FRANCE}`);
    expect(shorten(`ab${FRANCE}cd`, 2)).toBe('ab');
    expect(shorten(`Hi ${FAMILY} all`, 4)).toBe(`Hi ${FAMILY}`);
    expect(shorten(`Caf${E_ACUTE_COMBINING} au lait`, 4)).toBe(`Caf${E_ACUTE_COMBINING}`);
    expect(shorten(`${THUMBS_UP_DARK}${THUMBS_UP_DARK}${THUMBS_UP_DARK}`, 2)).toBe(`${THUMBS_UP_DARK}${THUMBS_UP_DARK}`);
  });

  it('cuts where a cut by UTF-16 unit would split an emoji in half', () => {
    const text = `${'x'.repeat(39)}${FAMILY} after`;
    const byUnit = text.slice(0, 40);
    expect(byUnit.endsWith('\uD83D')).toBe(true);
    expect(shorten(text, 40)).toBe(`${'x'.repeat(39)}${FAMILY}`);
  });
});
