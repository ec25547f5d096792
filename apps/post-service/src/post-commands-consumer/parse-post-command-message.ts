import type { PostCommandMessage } from '@app/contracts';
import { RecordPublishResultCommand } from '../record-publish-result/record-publish-result.command';
import { ExpirePublishingCommand } from '../expire-publishing/expire-publishing.command';
import { StartPublishingCommand } from '../start-publishing/start-publishing.command';

export class MalformedPostCommandError extends Error {
  override readonly name = 'MalformedPostCommandError';
}

const isText = (value: unknown): value is string => typeof value === 'string' && value.length > 0;
const isTextOrNull = (value: unknown) => value === null || typeof value === 'string';
/** Absent (a result sent before threads), or per content item null or `{externalId, externalUrl}`. */
const isItemList = (value: unknown) =>
  value === undefined ||
  (Array.isArray(value) &&
    value.every((item: unknown) => item === null || (typeof item === 'object' && isText((item as { externalId?: unknown }).externalId) && isTextOrNull((item as { externalUrl?: unknown }).externalUrl))));

/** The command a `post-commands` message carries; a message that is not one is rejected with the reason. */
export function parsePostCommandMessage(value: unknown): StartPublishingCommand | RecordPublishResultCommand | ExpirePublishingCommand {
  if (typeof value !== 'object' || value === null) throw new MalformedPostCommandError('message value is not an object');
  const message = value as Partial<Record<keyof PostCommandMessage | string, unknown>>;
  if (!isText(message.commandId) || !isText(message.postUuid)) throw new MalformedPostCommandError('commandId and postUuid are required');
  if (message.type === 'StartPublishing') {
    if (!Number.isInteger(message.scheduledRevision)) throw new MalformedPostCommandError('scheduledRevision must be an integer');
    return new StartPublishingCommand(value as Extract<PostCommandMessage, { type: 'StartPublishing' }>);
  }
  if (message.type === 'ExpirePublishing') {
    if (!Number.isSafeInteger(message.waitedMs) || (message.waitedMs as number) < 0) throw new MalformedPostCommandError('waitedMs must be a whole number of milliseconds');
    return new ExpirePublishingCommand(value as Extract<PostCommandMessage, { type: 'ExpirePublishing' }>);
  }
  if (message.type === 'RecordPublishResult') {
    const valid =
      typeof message.accountId === 'number' &&
      (message.outcome === 'published' || message.outcome === 'failed') &&
      isTextOrNull(message.externalId) &&
      isTextOrNull(message.externalUrl) &&
      Array.isArray(message.errors) &&
      message.errors.every((error) => typeof error === 'string') &&
      isItemList(message.items);
    if (!valid) throw new MalformedPostCommandError('RecordPublishResult needs accountId, outcome, externalId, externalUrl, errors and (when given) items');
    return new RecordPublishResultCommand(value as Extract<PostCommandMessage, { type: 'RecordPublishResult' }>);
  }
  throw new MalformedPostCommandError(`unknown command type ${JSON.stringify(message.type)}`);
}
