/** How much one post may hold (the contract's "Limits on a post body", and bounds of the fields it leaves open). */
export const PostBodyLimits = {
  versions: 20,
  contentItems: 20,
  bodyCharacters: 100_000,
  tags: 50,
  /** Entries of `accounts` (a workspace has fewer; the list only bounds what one body may name). */
  accounts: 1000,
  tagCharacters: 255,
  mediaItems: 20,
  mediaCharacters: 2048,
  /** Levels of objects and arrays inside a version's `options`. */
  optionsDepth: 8,
  /** Length of a version's `options` written as JSON. */
  optionsCharacters: 10_000,
} as const;

/** Length in Unicode code points (what the limits count), without copying short texts. */
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

/** Whether `text` has more than `max` code points; a text of at most `max` UTF-16 units never has. */
export const longerThan = (text: string, max: number): boolean => text.length > max && characterCount(text) > max;
