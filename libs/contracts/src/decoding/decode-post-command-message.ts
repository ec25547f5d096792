import { PostCommandMessage, PUBLISH_OUTCOMES } from '../post-command-message';
import { figures } from './decode-post-metrics';
import { count, dateText, DecodeError, Decoder, field, Fields, fieldsOf, listOf, nonEmptyText, nullable, oneOf, optional, text } from './decode';

type PostCommandType = PostCommandMessage['type'];
type Common = Pick<PostCommandMessage, 'commandId' | 'postUuid' | 'sentAt'>;

const publishedItem: Decoder<{ externalId: string; externalUrl: string | null }> = (value, path) => {
  const item = fieldsOf(value, path);
  return { externalId: field(item, 'externalId', path, nonEmptyText), externalUrl: field(item, 'externalUrl', path, nullable(text)) };
};

/** What each command carries beyond the common fields: a type added to PostCommandMessage does not compile until it is read here. */
const commandOf: { [Type in PostCommandType]: (message: Fields, common: Common) => Extract<PostCommandMessage, { type: Type }> } = {
  StartPublishing: (message, common) => ({ ...common, type: 'StartPublishing', scheduledRevision: field(message, 'scheduledRevision', '', count) }),
  ExpirePublishing: (message, common) => ({ ...common, type: 'ExpirePublishing', waitedMs: field(message, 'waitedMs', '', count) }),
  RecordPublishResult: (message, common) => {
    const items = field(message, 'items', '', optional(listOf(nullable(publishedItem))));
    return {
      ...common,
      type: 'RecordPublishResult',
      accountId: field(message, 'accountId', '', count),
      outcome: field(message, 'outcome', '', oneOf(PUBLISH_OUTCOMES)),
      externalId: field(message, 'externalId', '', nullable(text)),
      externalUrl: field(message, 'externalUrl', '', nullable(text)),
      errors: field(message, 'errors', '', listOf(text)),
      ...(items !== undefined && { items }),
    };
  },
  RecordMetrics: (message, common) => ({
    ...common,
    type: 'RecordMetrics',
    accountId: field(message, 'accountId', '', count),
    point: field(message, 'point', '', nonEmptyText),
    metrics: field(message, 'metrics', '', figures),
    collectedAt: field(message, 'collectedAt', '', dateText),
  }),
};

const isCommandType = (type: unknown): type is PostCommandType => typeof type === 'string' && Object.hasOwn(commandOf, type);

/** The one reader of `post-commands` messages: the command, or DecodeError naming the first field that is not what the contract says. */
export function decodePostCommandMessage(value: unknown): PostCommandMessage {
  const message = fieldsOf(value, 'message');
  const common: Common = {
    commandId: field(message, 'commandId', '', nonEmptyText),
    postUuid: field(message, 'postUuid', '', nonEmptyText),
    sentAt: field(message, 'sentAt', '', text),
  };
  if (!isCommandType(message.type)) throw new DecodeError('type', `one of ${Object.keys(commandOf).join(', ')}`);
  return commandOf[message.type](message, common);
}
