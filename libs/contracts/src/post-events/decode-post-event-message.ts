import { UnprocessableMessage } from '@app/messaging';
import { POST_STATUSES } from '../post-view';
import { POST_EVENT_MESSAGE_VERSION, POST_EVENT_NAMES, PostEventMessage, PostEventName } from './post-event-message';

/**
 * The one reader of `post-events` messages: the message, or UnprocessableMessage saying why it can
 * never be handled (another version, an unknown type, a missing field), which sends it to the
 * dead-letter topic instead of retrying it.
 */
export function decodePostEventMessage(value: unknown): PostEventMessage {
  const message = asObject(value, 'A post event');
  if (message.version !== POST_EVENT_MESSAGE_VERSION) {
    throw new UnprocessableMessage(`Post event version ${String(message.version)} is not known here (this reader knows ${POST_EVENT_MESSAGE_VERSION}).`);
  }
  if (!(POST_EVENT_NAMES as readonly unknown[]).includes(message.type)) {
    throw new UnprocessableMessage(`Post event type ${String(message.type)} is not known here.`);
  }
  const type = message.type as PostEventName;
  for (const field of ['id', 'workspaceUuid', 'postUuid', 'occurredAt'] as const) requireString(message, field, type);
  if (!isCount(message.revision)) throw invalid(type, 'revision', 'a whole number of 0 or more');
  if (Number.isNaN(Date.parse(message.occurredAt as string))) throw invalid(type, 'occurredAt', 'a date');
  if (typeof message.deleted !== 'boolean') throw invalid(type, 'deleted', 'true or false');
  checkPost(asObject(message.post, `The post of ${type}`), message.postUuid as string, type);
  if (type === 'post.publishing_started' && !(Array.isArray(message.accountIds) && message.accountIds.every(isCount))) {
    throw invalid(type, 'accountIds', 'a list of account ids');
  }
  if ((type === 'post.account_published' || type === 'post.account_failed') && !isCount(message.accountId)) {
    throw invalid(type, 'accountId', 'an account id');
  }
  return message as unknown as PostEventMessage;
}

function checkPost(post: Record<string, unknown>, postUuid: string, type: PostEventName): void {
  if (post.uuid !== postUuid) throw invalid(type, 'post.uuid', `the post uuid ${postUuid}`);
  if (!(POST_STATUSES as readonly unknown[]).includes(post.status)) throw invalid(type, 'post.status', 'a post status');
  for (const field of ['versions', 'accounts', 'tags'] as const) {
    if (!Array.isArray(post[field])) throw invalid(type, `post.${field}`, 'a list');
  }
  for (const field of ['created_at', 'updated_at'] as const) {
    if (typeof post[field] !== 'string') throw invalid(type, `post.${field}`, 'a date');
  }
}

function asObject(value: unknown, what: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw new UnprocessableMessage(`${what} must be a JSON object.`);
  return value as Record<string, unknown>;
}

function requireString(message: Record<string, unknown>, field: string, type: PostEventName): void {
  if (typeof message[field] !== 'string' || message[field] === '') throw invalid(type, field, 'a text');
}

const isCount = (value: unknown): value is number => Number.isSafeInteger(value) && (value as number) >= 0;

const invalid = (type: PostEventName, field: string, expected: string): UnprocessableMessage =>
  new UnprocessableMessage(`A ${type} message needs ${field} to be ${expected}.`);
