/**
 * A whole number of 0 or more: an id, a revision, a count. The tags are its JSON Schema, for the
 * message schemas made from the contract's types.
 * @asType integer
 * @minimum 0
 */
export type WholeNumber = number;
