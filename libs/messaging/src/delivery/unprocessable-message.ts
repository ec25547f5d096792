/**
 * Thrown by a handler for a message that can never be handled, whatever is retried: a value that
 * does not decode, a command a rule rejects for good. The bus moves such a message to its
 * dead-letter topic at once. Every other failure (a database or broker that does not answer, a
 * timeout) is taken as passing and retried with backoff.
 */
export class UnprocessableMessage extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'UnprocessableMessage';
  }
}

export const isUnprocessable = (error: unknown): boolean => error instanceof UnprocessableMessage;
