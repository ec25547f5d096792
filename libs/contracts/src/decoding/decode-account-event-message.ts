import { UnprocessableMessage } from '@app/messaging';
import { ACCOUNT_EVENT_TYPES, AccountEventMessage } from '../account-messages';

/**
 * The one reader of `account-events` messages: the message, or UnprocessableMessage saying why it
 * can never be handled (a version or type not known here, a missing id), which sends it to the
 * dead-letter topic instead of retrying it.
 */
export function decodeAccountEventMessage(value: unknown): AccountEventMessage {
  const message = value as Partial<AccountEventMessage> | null;
  if (typeof message !== 'object' || message === null) throw new UnprocessableMessage('An account event must be a JSON object.');
  if (message.version !== 1) throw new UnprocessableMessage(`Account event version ${String(message.version)} is not known here.`);
  if (!ACCOUNT_EVENT_TYPES.includes(message.type!)) throw new UnprocessableMessage(`Account event type ${String(message.type)} is not known here.`);
  if (!Number.isSafeInteger(message.accountId) || typeof message.workspaceUuid !== 'string') {
    throw new UnprocessableMessage('An account event needs a numeric accountId and a workspaceUuid.');
  }
  return message as AccountEventMessage;
}
