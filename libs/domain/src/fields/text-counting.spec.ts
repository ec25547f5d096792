import { describe, expect, it } from '@jest/globals';
import { countText, cutTextAt, WEIGHTED_URL_LENGTH } from './text-counting';

const FLAG = '🇫🇷';
const FAMILY = '👨‍👩‍👧';
const E_ACUTE_COMBINING = 'e\u0301';

describe('counting a text as each platform counts it', () => {
  it('counts code points: a flag is two, a family five, a letter with a combining accent two', () => {
    expect(countText(`${FLAG}${FAMILY}${E_ACUTE_COMBINING}`, 'code_points')).toBe(2 + 5 + 2);
  });

  it('counts graphemes: what a reader sees as one character is one', () => {
    expect(countText(`${FLAG}${FAMILY}${E_ACUTE_COMBINING}a`, 'graphemes')).toBe(4);
  });

  it("counts as X does: Latin 1, wide characters 2, an emoji 2 however many code points, a URL 23 whatever its length", () => {
    expect(countText('hello', 'weighted')).toBe(5);
    expect(countText('日本語', 'weighted')).toBe(6);
    expect(countText(`${FLAG}${FAMILY}`, 'weighted')).toBe(4);
    // Curly quotes and the dash are in X's light ranges; the ellipsis (U+2026) is not.
    expect(countText('“quoted” — ok…', 'weighted')).toBe(1 + 6 + 1 + 1 + 1 + 1 + 2 + 2);
    expect(countText(`see https://example.com/${'x'.repeat(200)}.`, 'weighted')).toBe(4 + WEIGHTED_URL_LENGTH + 1);
    expect(countText('http://a.b', 'weighted')).toBe(WEIGHTED_URL_LENGTH);
  });

  it('normalizes before weighing, as X does: a letter with a combining accent is one character', () => {
    expect(countText(E_ACUTE_COMBINING, 'weighted')).toBe(1);
  });

  it('cuts where the limit falls, never inside a grapheme or a URL, and tells the whole length', () => {
    expect(cutTextAt(`ab${FLAG}cd`, 'graphemes', 3)).toEqual({ shown: `ab${FLAG}`, overflow: 'cd', length: 5 });
    expect(cutTextAt(`ab${FLAG}`, 'code_points', 3)).toEqual({ shown: 'ab\u{1F1EB}', overflow: '\u{1F1F7}', length: 4 });
    expect(cutTextAt('a https://example.com/path', 'weighted', 10)).toEqual({ shown: 'a ', overflow: 'https://example.com/path', length: 2 + WEIGHTED_URL_LENGTH });
    expect(cutTextAt('short', 'weighted', 280)).toEqual({ shown: 'short', overflow: '', length: 5 });
  });
});
