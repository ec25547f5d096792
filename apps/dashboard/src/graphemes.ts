/*
 * Text as a reader counts it: in graphemes (user-perceived characters), so that an emoji, a flag,
 * a family or a letter with its accents is one character, and a cut never splits one in half.
 * Every place the dashboard counts or shortens text goes through here.
 */

const segmenter = typeof Intl.Segmenter === 'function' ? new Intl.Segmenter(undefined, { granularity: 'grapheme' }) : null;

/** The text's characters, as a reader counts them. Without Intl.Segmenter, its code points (never half a surrogate pair). */
export function graphemes(text: string): string[] {
  if (!segmenter) return [...text];
  return Array.from(segmenter.segment(text), (part) => part.segment);
}

/** The first `length` characters of the text, as a reader counts them; the whole text when it is no longer. */
export function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  return graphemes(text).slice(0, length).join('');
}
