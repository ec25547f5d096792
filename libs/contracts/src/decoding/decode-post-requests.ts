import type { PostActionRequest, PostContentRequest } from '../rpc-methods';
import { DecodeError, messageReader } from './message-reader';

/*
 * The readers of the post methods' requests (`posts.*`), for the post-service: each request as the
 * contract types it, or DecodeError naming the first field that is not.
 */

export const decodePostActionRequest = messageReader<PostActionRequest>('PostActionRequest', 'payload');

const readPostContentRequest = messageReader<PostContentRequest>('PostContentRequest', 'payload');

/** A create or an update; the platforms' rules are keyed by account ids. */
export function decodePostContentRequest(value: unknown): PostContentRequest {
  const request = readPostContentRequest(value);
  const { platformRules } = request.input;
  if (platformRules && Object.keys(platformRules).some((key) => !/^\d{1,15}$/.test(key))) throw new DecodeError('input.platformRules', 'keyed by account ids');
  return request;
}
