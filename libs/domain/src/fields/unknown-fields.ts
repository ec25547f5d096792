import type { FieldErrorBag, Fields } from './field-errors';
import { FieldMessages } from './field-messages';

/** At most this many unknown fields of one object are named: a flood of them makes a few errors, not thousands. */
export const MAX_UNKNOWN_FIELDS_NAMED = 20;

/** The name without case and separators: `scheduleNow`, `Schedule-Now` and `schedule_now` read the same. */
const looseName = (name: string): string => name.toLowerCase().replace(/[_-]/g, '');

/** Whether two different names are one edit apart (a character added, removed or replaced: Levenshtein distance 1). */
export function oneEditApart(a: string, b: string): boolean {
  if (a === b || Math.abs(a.length - b.length) > 1) return false;
  let same = 0;
  while (same < a.length && same < b.length && a[same] === b[same]) same++;
  if (a.length === b.length) return a.slice(same + 1) === b.slice(same + 1);
  return a.length > b.length ? a.slice(same + 1) === b.slice(same) : a.slice(same) === b.slice(same + 1);
}

/**
 * The known name an unknown one most likely meant: the same but for case and `_`/`-` first, else
 * one edit away; undefined when none is that close.
 */
export function nearestKnownName(name: string, known: readonly string[]): string | undefined {
  const loose = looseName(name);
  return known.find((candidate) => looseName(candidate) === loose) ?? known.find((candidate) => oneEditApart(name, candidate));
}

/**
 * Reports each field of `fields` that is not `known`, under its own path (`path.name`, or `name`
 * at the top level), naming the known field it most likely meant.
 */
export function reportUnknownFields(fields: Fields, known: readonly string[], path: string, errors: Pick<FieldErrorBag, 'add'>): void {
  const unknown = Object.keys(fields).filter((name) => !known.includes(name));
  for (const name of unknown.slice(0, MAX_UNKNOWN_FIELDS_NAMED)) {
    errors.add(path === '' ? name : `${path}.${name}`, FieldMessages.notRecognized(name, nearestKnownName(name, known)));
  }
}
