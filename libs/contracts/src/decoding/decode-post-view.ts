import { POST_ACCOUNT_STATUSES, POST_STATUSES, PostAccountItemView, PostAccountView, PostView } from '../post-view';
import { decodeAccountRef, decodePostVersion, decodeRecyclePlan } from './decode-post-parts';
import { dateText, Decoder, field, fieldsOf, listOf, nullable, oneOf, optional, text } from './decode';

const decodeItem: Decoder<PostAccountItemView> = (value, path) => {
  const item = fieldsOf(value, path);
  return { external_id: field(item, 'external_id', path, text), external_url: field(item, 'external_url', path, nullable(text)) };
};

/**
 * Messages written before accounts said their status (kept on the topic) have none: an account with
 * errors failed, one with an address published (when, they did not say), any other is pending.
 */
const decodeAccount: Decoder<PostAccountView> = (value, path) => {
  const account = fieldsOf(value, path);
  const externalUrl = field(account, 'external_url', path, nullable(text));
  const errors = field(account, 'errors', path, listOf(text));
  const status = field(account, 'status', path, optional(oneOf(POST_ACCOUNT_STATUSES))) ?? (errors.length > 0 ? 'failed' : externalUrl !== null ? 'published' : 'pending');
  return {
    ...decodeAccountRef(value, path),
    external_url: externalUrl,
    errors,
    status,
    published_at: field(account, 'published_at', path, optional(nullable(dateText))) ?? null,
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
    // Messages written before recycling have neither.
    recycle: field(post, 'recycle', path, optional(nullable(decodeRecyclePlan))) ?? null,
    recycled_from: field(post, 'recycled_from', path, optional(nullable(text))) ?? null,
    scheduled_at: field(post, 'scheduled_at', path, nullable(dateText)),
    published_at: field(post, 'published_at', path, nullable(dateText)),
    created_at: field(post, 'created_at', path, dateText),
    updated_at: field(post, 'updated_at', path, dateText),
  };
};
