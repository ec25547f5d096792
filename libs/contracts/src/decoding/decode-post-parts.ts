import { PostContentView, PostVersionView, RecyclePlanView } from '../post-view';
import { PostAccountRef } from '../rpc-methods';
import { bool, count, Decoder, field, fieldsOf, listOf, nullable, text } from './decode';

/* What a post body sent to the post-service and the Post resource it answers with have in common. */

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

/** A post's account as a request names it; the Post resource's account adds what publishing found. */
export const decodeAccountRef: Decoder<PostAccountRef> = (value, path) => {
  const account = fieldsOf(value, path);
  return {
    id: field(account, 'id', path, count),
    provider: field(account, 'provider', path, text),
    name: field(account, 'name', path, text),
    username: field(account, 'username', path, nullable(text)),
  };
};

/** How often a post is published again: the same in a post body the gateway read and in the Post resource. */
export const decodeRecyclePlan: Decoder<RecyclePlanView> = (value, path) => {
  const plan = fieldsOf(value, path);
  return { interval_days: field(plan, 'interval_days', path, count), times: field(plan, 'times', path, count) };
};
