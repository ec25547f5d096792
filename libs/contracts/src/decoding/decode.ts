/**
 * The pieces the contract's decoders are made of. A decoder reads a value that crossed a process
 * boundary (a message, a request) into the contract's type, field by field, so that the compiler
 * checks it builds every field of that type; it throws DecodeError naming the first field that is
 * not what the contract says. Each reader words the error its own way (a dead letter, a bad request).
 */
export class DecodeError extends Error {
  override readonly name = 'DecodeError';

  constructor(
    /** Where the value is wrong, in dot notation from the decoded value (`post.versions.0.content`). */
    readonly path: string,
    /** What it must be, in words (`a list`, `a whole number of 0 or more`). */
    readonly expected: string,
  ) {
    super(`${path} must be ${expected}`);
  }
}

export type Fields = Readonly<Record<string, unknown>>;

/** A value read at `path`. */
export type Decoder<T> = (value: unknown, path: string) => T;

export const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

export const at = (path: string, key: string | number): string => (path === '' ? String(key) : `${path}.${key}`);

export const fieldsOf: Decoder<Fields> = (value, path) => {
  if (!isFields(value)) throw new DecodeError(path, 'an object');
  return value;
};

export const text: Decoder<string> = (value, path) => {
  if (typeof value !== 'string') throw new DecodeError(path, 'a text');
  return value;
};

export const nonEmptyText: Decoder<string> = (value, path) => {
  if (typeof value !== 'string' || value === '') throw new DecodeError(path, 'a text');
  return value;
};

export const bool: Decoder<boolean> = (value, path) => {
  if (typeof value !== 'boolean') throw new DecodeError(path, 'true or false');
  return value;
};

/** A finite number. */
export const numeric: Decoder<number> = (value, path) => {
  if (typeof value !== 'number' || !Number.isFinite(value)) throw new DecodeError(path, 'a number');
  return value;
};

/** A whole number of 0 or more (a revision, an id). */
export const count: Decoder<number> = (value, path) => {
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) throw new DecodeError(path, 'a whole number of 0 or more');
  return value;
};

/** A text that reads as a date (ISO 8601). */
export const dateText: Decoder<string> = (value, path) => {
  if (typeof value !== 'string' || Number.isNaN(Date.parse(value))) throw new DecodeError(path, 'a date');
  return value;
};

export const oneOf =
  <T extends string>(values: readonly T[]): Decoder<T> =>
  (value, path) => {
    const found = values.find((each) => each === value);
    if (found === undefined) throw new DecodeError(path, `one of ${values.join(', ')}`);
    return found;
  };

export const listOf =
  <T>(item: Decoder<T>): Decoder<T[]> =>
  (value, path) => {
    if (!Array.isArray(value)) throw new DecodeError(path, 'a list');
    return value.map((each: unknown, index) => item(each, at(path, index)));
  };

export const nullable =
  <T>(decode: Decoder<T>): Decoder<T | null> =>
  (value, path) =>
    value === null ? null : decode(value, path);

/** Absent (or undefined) reads as undefined. */
export const optional =
  <T>(decode: Decoder<T>): Decoder<T | undefined> =>
  (value, path) =>
    value === undefined ? undefined : decode(value, path);

/** The field `key` of `fields`, read with `decode`. */
export const field = <T>(fields: Fields, key: string, path: string, decode: Decoder<T>): T => decode(fields[key], at(path, key));
