/** The last segment of a field path: `versions.0.content.1.body` -> `body`. */
export const lastSegment = (path: string): string => path.slice(path.lastIndexOf('.') + 1);

/** `a`, `a or b`, `a, b or c`: the values of a set, as a message names them. */
const listed = (values: readonly string[]): string => (values.length < 2 ? values.join('') : `${values.slice(0, -1).join(', ')} or ${values[values.length - 1]}`);

/** Messages worded like the product contract's ("The versions field is required."), for any field. */
export const FieldMessages = {
  required: (field: string) => `The ${field} field is required.`,
  string: (field: string) => `The ${field} field must be a string.`,
  boolean: (field: string) => `The ${field} field must be true or false.`,
  integer: (field: string) => `The ${field} field must be an integer.`,
  array: (field: string) => `The ${field} field must be an array.`,
  object: (field: string) => `The ${field} field must be an object.`,
  email: (field: string) => `The ${field} field must be a valid email address.`,
  between: (field: string, min: number, max: number) => `The ${field} field must be between ${min} and ${max}.`,
  maxLength: (field: string, max: number) => `The ${field} field must not be greater than ${max} characters.`,
  maxItems: (field: string, max: number) => `The ${field} field must not have more than ${max} items.`,
  maxDepth: (field: string, max: number) => `The ${field} field must not be nested more than ${max} levels deep.`,
  selectedInvalid: (field: string) => `The selected ${field} is invalid.`,
  /** A value outside a set, naming the set: `The selected type is invalid. Use post, reel or story.` */
  selectedInvalidAmong: (field: string, values: readonly string[]) => `The selected ${field} is invalid. Use ${listed(values)}.`,
  url: (field: string) => `The ${field} field must be a valid URL.`,
  date: (field: string) => `The ${field} field must be a valid date.`,
  dateAfterNow: (field: string) => `The ${field} field must be a date after now.`,
  /** A field the body may not hold, with the known one it most likely meant (`The scheduleNow field is not recognized. Did you mean schedule_now?`). */
  notRecognized: (field: string, meant?: string) => `The ${field} field is not recognized.${meant === undefined ? '' : ` Did you mean ${meant}?`}`,
  /** Named by the path's last segment, as the contract says. */
  invalidCharacters: (path: string) => `The ${lastSegment(path)} field contains invalid characters.`,
} as const;
