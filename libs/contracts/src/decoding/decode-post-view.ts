import { POST_STATUSES, PostAccountItemView, PostAccountView, PostView } from '../post-view';
import { decodeAccountRef, decodePostVersion } from './decode-post-parts';
import { dateText, Decoder, field, fieldsOf, listOf, nullable, oneOf, text } from './decode';

const decodeItem: Decoder<PostAccountItemView> = (value, path) => {
  const item = fieldsOf(value, path);
  return { external_id: field(item, 'external_id', path, text), external_url: field(item, 'external_url', path, nullable(text)) };
};

const decodeAccount: Decoder<PostAccountView> = (value, path) => {
  const account = fieldsOf(value, path);
  return {
    ...decodeAccountRef(value, path),
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
