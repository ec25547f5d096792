/**
 * What a caught value says, whatever was thrown: an Error's message (or its stack, for a log that
 * wants where it came from), or the value as text. One place, so that every log line and every
 * recorded failure words a thrown value the same way.
 */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** The stack of an Error (its message when it has none), or the value as text. */
export function errorDetail(error: unknown): string {
  return error instanceof Error ? (error.stack ?? error.message) : String(error);
}

/** The stack of an Error, for a logger's trace argument; undefined for anything else. */
export function errorStack(error: unknown): string | undefined {
  return error instanceof Error ? error.stack : undefined;
}

/** The thrown value as an Error (a non-Error value becomes one with its text as message). */
export function asError(error: unknown): Error {
  return error instanceof Error ? error : new Error(String(error));
}
