import { characterCount } from '../../fields/text-counting';

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

export { characterCount };

/** Whether `text` has more than `max` code points; a text of at most `max` UTF-16 units never has. */
export const longerThan = (text: string, max: number): boolean => text.length > max && characterCount(text) > max;
