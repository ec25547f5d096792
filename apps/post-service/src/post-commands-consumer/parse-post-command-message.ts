import { DecodeError, decodePostCommandMessage } from '@app/contracts';
import type { PostCommandMessage } from '@app/contracts';

export class MalformedPostCommandError extends Error {
  override readonly name = 'MalformedPostCommandError';
}

/** The command a `post-commands` message carries; a message that is not one is rejected with the reason. */
export function parsePostCommandMessage(value: unknown): PostCommandMessage {
  try {
    return decodePostCommandMessage(value);
  } catch (error) {
    if (error instanceof DecodeError) throw new MalformedPostCommandError(error.message, { cause: error });
    throw error;
  }
}
