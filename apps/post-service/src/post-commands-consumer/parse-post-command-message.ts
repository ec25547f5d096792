import { DecodeError, decodePostCommandMessage } from '@app/contracts';
import type { PostCommandMessage } from '@app/contracts';
import { RecordPublishResultCommand } from '../record-publish-result/record-publish-result.command';
import { ExpirePublishingCommand } from '../expire-publishing/expire-publishing.command';
import { StartPublishingCommand } from '../start-publishing/start-publishing.command';

export class MalformedPostCommandError extends Error {
  override readonly name = 'MalformedPostCommandError';
}

function decoded(value: unknown): PostCommandMessage {
  try {
    return decodePostCommandMessage(value);
  } catch (error) {
    if (error instanceof DecodeError) throw new MalformedPostCommandError(error.message, { cause: error });
    throw error;
  }
}

/** The command a `post-commands` message carries; a message that is not one is rejected with the reason. */
export function parsePostCommandMessage(value: unknown): StartPublishingCommand | RecordPublishResultCommand | ExpirePublishingCommand {
  const message = decoded(value);
  switch (message.type) {
    case 'StartPublishing':
      return new StartPublishingCommand(message);
    case 'ExpirePublishing':
      return new ExpirePublishingCommand(message);
    case 'RecordPublishResult':
      return new RecordPublishResultCommand(message);
  }
}
