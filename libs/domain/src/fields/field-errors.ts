/** Field path (dot notation) -> messages, as in the 422 body of the product contract. */
export type FieldErrors = Record<string, string[]>;

/**
 * Collects every failing field of a body, so that all are reported at once. A field is any key a
 * body may hold (`constructor` and `__proto__` too): each is kept as an own property.
 */
export class FieldErrorBag {
  private readonly errors: FieldErrors = {};

  add(field: string, message: string): void {
    if (!this.has(field)) Object.defineProperty(this.errors, field, { value: [], enumerable: true, writable: true, configurable: true });
    const messages = this.errors[field];
    if (!messages.includes(message)) messages.push(message);
  }

  has(field: string): boolean {
    return Object.hasOwn(this.errors, field);
  }

  get isEmpty(): boolean {
    return Object.keys(this.errors).length === 0;
  }

  toJSON(): FieldErrors {
    return this.errors;
  }
}

/** Takes errors and keeps none: for the items past a list's limit, whose own faults are not worth reporting. */
export const DISCARDED_ERRORS: Pick<FieldErrorBag, 'add'> = { add: () => undefined };

export type Fields = Record<string, unknown>;

export const isFields = (value: unknown): value is Fields => typeof value === 'object' && value !== null && !Array.isArray(value);

export const isAbsent = (value: unknown): value is null | undefined => value === undefined || value === null;
