/**
 * How a platform counts the length of a text, in one place for the server's checks and for every
 * client that counts or cuts a text before sending it (the dashboard, through the typed client):
 * - `code_points`: Unicode code points (most platforms);
 * - `graphemes`: what a reader sees as one character (Bluesky: an emoji, a flag, a family is one);
 * - `weighted`: X's count (its `twitter-text` configuration, version 3): the text is normalized
 *   (NFC); a URL counts 23 whatever its length (X shortens it); an emoji, however many code
 *   points it takes, counts 2; any other character counts 1 when it is in the ranges X weighs 1
 *   (Latin, Greek, Cyrillic, Arabic, Hebrew, Indic scripts and common punctuation: U+0000-U+10FF,
 *   U+2000-U+200D, U+2010-U+201F, U+2032-U+2037), else 2 (Chinese, Japanese, Korean and the rest).
 */
export const TEXT_COUNTINGS = ['code_points', 'graphemes', 'weighted'] as const;
export type TextCounting = (typeof TEXT_COUNTINGS)[number];

/** A piece of a text that is never cut in two, and what it counts for. */
export interface TextPiece {
  text: string;
  weight: number;
}

/** What X counts a URL for, however long it is. */
export const WEIGHTED_URL_LENGTH = 23;

const LIGHT_RANGES: readonly (readonly [number, number])[] = [
  [0x0000, 0x10ff],
  [0x2000, 0x200d],
  [0x2010, 0x201f],
  [0x2032, 0x2037],
];

/** URLs as X finds them in a text: an http(s) address, up to white space, without the punctuation that ends a sentence. */
const URL_PATTERN = /https?:\/\/[^\s<>"]+?(?=[.,;:!?'")\]]*(?:\s|$))/giu;
const EMOJI = /\p{Extended_Pictographic}|\p{Regional_Indicator}/u;

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The text's graphemes; without Intl.Segmenter, its code points (never half a surrogate pair). */
export function graphemesOf(text: string): string[] {
  if (!segmenter) return [...text];
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

function codePointWeight(codePoint: number): number {
  return LIGHT_RANGES.some(([start, end]) => codePoint >= start && codePoint <= end) ? 1 : 2;
}

function graphemeWeight(grapheme: string): number {
  if (EMOJI.test(grapheme)) return 2;
  let weight = 0;
  for (const character of grapheme) weight += codePointWeight(character.codePointAt(0)!);
  return weight;
}

function weightedPieces(text: string): TextPiece[] {
  const normalized = text.normalize('NFC');
  const pieces: TextPiece[] = [];
  const addGraphemes = (part: string) => {
    for (const grapheme of graphemesOf(part)) pieces.push({ text: grapheme, weight: graphemeWeight(grapheme) });
  };
  let from = 0;
  for (const match of normalized.matchAll(URL_PATTERN)) {
    addGraphemes(normalized.slice(from, match.index));
    pieces.push({ text: match[0], weight: WEIGHTED_URL_LENGTH });
    from = match.index + match[0].length;
  }
  addGraphemes(normalized.slice(from));
  return pieces;
}

/**
 * The text in the pieces a platform counts, each with its weight: a text is cut only between two
 * of them (never inside a grapheme, nor inside a URL that X counts as 23).
 */
export function textPieces(text: string, counting: TextCounting): TextPiece[] {
  if (counting === 'weighted') return weightedPieces(text);
  if (counting === 'graphemes') return graphemesOf(text).map((grapheme) => ({ text: grapheme, weight: 1 }));
  return Array.from(text, (character) => ({ text: character, weight: 1 }));
}

/** The length of a text as the platform counts it. */
export function countText(text: string, counting: TextCounting): number {
  if (counting === 'code_points') return characterCount(text);
  if (counting === 'graphemes') {
    if (!segmenter) return characterCount(text);
    let count = 0;
    for (const _grapheme of segmenter.segment(text)) count++;
    return count;
  }
  return weightedPieces(text).reduce((sum, piece) => sum + piece.weight, 0);
}

/** A text cut where the platform would cut it. */
export interface CountedCut {
  /** The longest start of the text that fits the limit. */
  shown: string;
  /** The rest. */
  overflow: string;
  /** The whole text's length, as the platform counts it. */
  length: number;
}

/** The text cut at `limit`, counted as the platform counts it. */
export function cutTextAt(text: string, counting: TextCounting, limit: number): CountedCut {
  const pieces = textPieces(text, counting);
  let length = 0;
  let fits = pieces.length;
  for (const [index, piece] of pieces.entries()) {
    length += piece.weight;
    if (length > limit && fits === pieces.length) fits = index;
  }
  const join = (part: readonly TextPiece[]) => part.map((piece) => piece.text).join('');
  return { shown: join(pieces.slice(0, fits)), overflow: join(pieces.slice(fits)), length };
}

/** Length in Unicode code points, without copying the text. */
export function characterCount(text: string): number {
  let count = text.length;
  for (let index = 0; index < text.length; index++) {
    const unit = text.charCodeAt(index);
    if (unit >= 0xd800 && unit <= 0xdbff && index + 1 < text.length) {
      const next = text.charCodeAt(index + 1);
      if (next >= 0xdc00 && next <= 0xdfff) {
        count--;
        index++;
      }
    }
  }
  return count;
}
