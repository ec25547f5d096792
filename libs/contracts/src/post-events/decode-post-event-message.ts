import { Fields, isFields } from '@app/domain';
import { UnprocessableMessage } from '@app/messaging';
import { DecodeError, messageReader } from '../decoding/message-reader';
import { POST_EVENT_MESSAGE_VERSION, POST_EVENT_NAMES, PostEventMessage } from './post-event-message';

/**
 * Messages already read, by the value they were read from. In one process every consumer group is
 * handed the same parsed value of a message (the in-process bus shares it), so the message is
 * read once, not once per group; it is frozen, since every group shares it.
 */
const decoded = new WeakMap<object, PostEventMessage>();

const read = messageReader<PostEventMessage>('PostEventMessage', 'message');

/**
 * The one reader of `post-events` messages: the message, or UnprocessableMessage saying why it can
 * never be handled (another version, an unknown type, a missing or malformed field), which sends it
 * to the dead-letter topic instead of retrying it. The message is frozen: a reader must not change it.
 */
export function decodePostEventMessage(value: unknown): PostEventMessage {
  if (!isFields(value)) throw new UnprocessableMessage('A post event must be a JSON object.');
  const known = decoded.get(value);
  if (known !== undefined) return known;
  const message = deepFreeze(readMessage(value));
  decoded.set(value, message);
  return message;
}

function readMessage(value: Fields): PostEventMessage {
  if (value.version !== POST_EVENT_MESSAGE_VERSION) {
    throw new UnprocessableMessage(`Post event version ${String(value.version)} is not known here (this reader knows ${POST_EVENT_MESSAGE_VERSION}).`);
  }
  const type = POST_EVENT_NAMES.find((name) => name === value.type);
  if (type === undefined) throw new UnprocessableMessage(`Post event type ${String(value.type)} is not known here.`);
  try {
    const message = read(withFieldsAddedSince(value));
    if (message.post.uuid !== message.postUuid) throw new DecodeError('post.uuid', `the post uuid ${message.postUuid}`);
    return message;
  } catch (error) {
    if (error instanceof DecodeError) throw new UnprocessableMessage(`A ${type} message needs ${error.path} to be ${error.expected}.`, { cause: error });
    throw error;
  }
}

/**
 * A message written before a field of the post existed (kept on the topic) gets its value then:
 * no recycling, and an account without its status has failed when it has errors, is published when
 * it has an address (when, it did not say), and is pending otherwise.
 */
function withFieldsAddedSince(value: Record<string, unknown>): Record<string, unknown> {
  const post = value.post as Record<string, unknown> | null | undefined;
  if (typeof post !== 'object' || post === null) return value;
  withDefault(post, 'recycle', () => null);
  withDefault(post, 'recycled_from', () => null);
  if (!Array.isArray(post.accounts)) return value;
  for (const account of post.accounts as unknown[]) {
    if (typeof account !== 'object' || account === null) continue;
    const fields = account as Record<string, unknown>;
    withDefault(fields, 'published_at', () => null);
    withDefault(fields, 'status', () => (Array.isArray(fields.errors) && fields.errors.length > 0 ? 'failed' : typeof fields.external_url === 'string' ? 'published' : 'pending'));
  }
  return value;
}

/** Sets a field that is absent (never one of a message already read, which is frozen). */
function withDefault(fields: Record<string, unknown>, key: string, value: () => unknown): void {
  if (fields[key] === undefined && !Object.isFrozen(fields)) fields[key] = value();
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const each of Object.values(value)) deepFreeze(each);
  return Object.freeze(value);
}
