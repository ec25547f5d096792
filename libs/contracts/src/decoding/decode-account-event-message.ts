import { isFields } from '@app/domain';
import { UnprocessableMessage } from '@app/messaging';
import { ACCOUNT_EVENT_TYPES, ACCOUNT_EVENT_VERSION, AccountEventMessage } from '../account-messages';
import { DecodeError, messageReader } from './message-reader';

const read = messageReader<AccountEventMessage>('AccountEventMessage', 'message');

/**
 * The one reader of `account-events` messages: the message, or UnprocessableMessage saying why it
 * can never be handled (a version or type not known here, a field that is not what the contract
 * says), which sends it to the dead-letter topic instead of retrying it.
 */
export function decodeAccountEventMessage(value: unknown): AccountEventMessage {
  const message = value as Partial<AccountEventMessage> | null;
  if (!isFields(message)) throw new UnprocessableMessage('An account event must be a JSON object.');
  if (message.version !== ACCOUNT_EVENT_VERSION) throw new UnprocessableMessage(`Account event version ${String(message.version)} is not known here.`);
  if (!ACCOUNT_EVENT_TYPES.includes(message.type!)) throw new UnprocessableMessage(`Account event type ${String(message.type)} is not known here.`);
  try {
    return read(value);
  } catch (error) {
    if (error instanceof DecodeError) throw new UnprocessableMessage(`An ${message.type} message needs ${error.path} to be ${error.expected}.`, { cause: error });
    throw error;
  }
}
