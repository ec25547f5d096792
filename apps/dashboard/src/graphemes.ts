/*
 * Text as a reader counts it: in graphemes (user-perceived characters), so that an emoji, a flag,
 * a family or a letter with its accents is one character, and a cut never splits one in half.
 * Every place the dashboard counts or shortens text for a reader goes through here; a platform's
 * own count is platform-text's.
 */
import { graphemesOf } from '@app/client';

/** The text's characters, as a reader counts them. */
export const graphemes = graphemesOf;

/** The first `length` characters of the text, as a reader counts them; the whole text when it is no longer. */
export function shorten(text: string, length: number): string {
  if (text.length <= length) return text;
  return graphemes(text).slice(0, length).join('');
}
