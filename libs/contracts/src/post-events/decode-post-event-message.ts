import { UnprocessableMessage } from '@app/messaging';
import { bool, count, dateText, DecodeError, field, Fields, isFields, listOf, nonEmptyText } from '../decoding/decode';
import { postMetricsEntry } from '../decoding/decode-post-metrics';
import { decodePostView } from '../decoding/decode-post-view';
import { POST_EVENT_MESSAGE_VERSION, POST_EVENT_NAMES, PostEventMessage, PostEventName } from './post-event-message';

/**
 * Messages already read, by the value they were read from. In one process every consumer group is
 * handed the same parsed value of a message (the in-process bus shares it), so the message is
 * read once, not once per group; it is frozen, since every group shares it.
 */
const decoded = new WeakMap<object, PostEventMessage>();

/**
 * The one reader of `post-events` messages: the message, or UnprocessableMessage saying why it can
 * never be handled (another version, an unknown type, a missing or malformed field), which sends it
 * to the dead-letter topic instead of retrying it. The message is frozen: a reader must not change it.
 */
export function decodePostEventMessage(value: unknown): PostEventMessage {
  if (!isFields(value)) throw new UnprocessableMessage('A post event must be a JSON object.');
  const known = decoded.get(value);
  if (known !== undefined) return known;
  const message = deepFreeze(read(value));
  decoded.set(value, message);
  return message;
}

function read(value: Fields): PostEventMessage {
  if (value.version !== POST_EVENT_MESSAGE_VERSION) {
    throw new UnprocessableMessage(`Post event version ${String(value.version)} is not known here (this reader knows ${POST_EVENT_MESSAGE_VERSION}).`);
  }
  const type = POST_EVENT_NAMES.find((name) => name === value.type);
  if (type === undefined) throw new UnprocessableMessage(`Post event type ${String(value.type)} is not known here.`);
  try {
    return messageOf(value, type);
  } catch (error) {
    if (error instanceof DecodeError) throw new UnprocessableMessage(`A ${type} message needs ${error.path} to be ${error.expected}.`, { cause: error });
    throw error;
  }
}

function messageOf(message: Fields, type: PostEventName): PostEventMessage {
  const postUuid = field(message, 'postUuid', '', nonEmptyText);
  const common = {
    version: POST_EVENT_MESSAGE_VERSION,
    id: field(message, 'id', '', nonEmptyText),
    workspaceUuid: field(message, 'workspaceUuid', '', nonEmptyText),
    postUuid,
    revision: field(message, 'revision', '', count),
    occurredAt: field(message, 'occurredAt', '', dateText),
    deleted: field(message, 'deleted', '', bool),
    post: field(message, 'post', '', decodePostView),
  };
  if (common.post.uuid !== postUuid) throw new DecodeError('post.uuid', `the post uuid ${postUuid}`);
  // The types whose messages carry more than the common fields. Any other type is its common
  // fields alone: one that carries more does not compile until it is read here.
  if (type === 'post.publishing_started') return { ...common, type, accountIds: field(message, 'accountIds', '', listOf(count)) };
  if (type === 'post.account_published' || type === 'post.account_failed') return { ...common, type, accountId: field(message, 'accountId', '', count) };
  if (type === 'post.metrics_updated') return { ...common, type, accountId: field(message, 'accountId', '', count), metrics: field(message, 'metrics', '', listOf(postMetricsEntry)) };
  return { ...common, type };
}

function deepFreeze<T>(value: T): T {
  if (typeof value !== 'object' || value === null || Object.isFrozen(value)) return value;
  for (const each of Object.values(value)) deepFreeze(each);
  return Object.freeze(value);
}
