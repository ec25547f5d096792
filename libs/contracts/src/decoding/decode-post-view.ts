import { POST_STATUSES, PostAccountItemView, PostAccountView, PostContentView, PostVersionView, PostView } from '../post-view';
import { bool, count, dateText, Decoder, field, fieldsOf, listOf, nullable, oneOf, text } from './decode';

/** A version of a post: the same in a post body the gateway read and in the Post resource. */
export const decodePostVersion: Decoder<PostVersionView> = (value, path) => {
  const version = fieldsOf(value, path);
  return {
    account_id: field(version, 'account_id', path, count),
    is_original: field(version, 'is_original', path, bool),
    content: field(version, 'content', path, listOf(decodeContent)),
    options: field(version, 'options', path, fieldsOf),
  };
};

const decodeContent: Decoder<PostContentView> = (value, path) => {
  const content = fieldsOf(value, path);
  return { body: field(content, 'body', path, text), media: field(content, 'media', path, listOf(text)) };
};

const decodeItem: Decoder<PostAccountItemView> = (value, path) => {
  const item = fieldsOf(value, path);
  return { external_id: field(item, 'external_id', path, text), external_url: field(item, 'external_url', path, nullable(text)) };
};

const decodeAccount: Decoder<PostAccountView> = (value, path) => {
  const account = fieldsOf(value, path);
  return {
    id: field(account, 'id', path, count),
    provider: field(account, 'provider', path, text),
    name: field(account, 'name', path, text),
    username: field(account, 'username', path, nullable(text)),
    external_url: field(account, 'external_url', path, nullable(text)),
    errors: field(account, 'errors', path, listOf(text)),
    items: field(account, 'items', path, listOf(nullable(decodeItem))),
  };
};

/** The Post resource, as `post-events` messages carry it. */
export const decodePostView: Decoder<PostView> = (value, path) => {
  const post = fieldsOf(value, path);
  return {
    uuid: field(post, 'uuid', path, text),
    status: field(post, 'status', path, oneOf(POST_STATUSES)),
    versions: field(post, 'versions', path, listOf(decodePostVersion)),
    accounts: field(post, 'accounts', path, listOf(decodeAccount)),
    tags: field(post, 'tags', path, listOf(text)),
    scheduled_at: field(post, 'scheduled_at', path, nullable(dateText)),
    published_at: field(post, 'published_at', path, nullable(dateText)),
    created_at: field(post, 'created_at', path, dateText),
    updated_at: field(post, 'updated_at', path, dateText),
  };
};
