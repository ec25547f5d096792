import { PipeTransform } from '@nestjs/common';
import { DecodeError, decodePostActionRequest, decodePostContentRequest, ServiceError } from '@app/contracts';
import type { CreatePostRequest, PostActionRequest, UpdatePostRequest } from '@app/contracts';
import { readPostingQueue } from '@app/domain';

/**
 * Reads RPC payloads with the contract's decoders. The gateway sends well-formed requests; these
 * guard the service against any other caller, so a malformed request is a clear bad_request and
 * never a crash.
 */
export const malformed = (what: string) => new ServiceError('bad_request', `Malformed request: ${what}.`);

function decoded<Request>(decode: () => Request): Request {
  try {
    return decode();
  } catch (error) {
    if (error instanceof DecodeError) throw malformed(error.message);
    throw error;
  }
}

export const parsePostActionRequest = (payload: unknown): PostActionRequest => decoded(() => decodePostActionRequest(payload));

/**
 * A create or an update. A queued post's queue is held to the queue's own rules (a valid time zone,
 * slots in week order), as the domain reads a queue; the post-service picks the slot itself.
 */
export function parsePostContentRequest(payload: unknown): UpdatePostRequest & Pick<CreatePostRequest, 'replayIfExists'> {
  const request = decoded(() => decodePostContentRequest(payload));
  const { intent } = request.input;
  if (intent.kind !== 'queue') return request;
  const queue = readPostingQueue(intent.queue);
  if (!queue.ok) throw malformed('input.intent.queue must be a posting queue');
  return { ...request, input: { ...request.input, intent: { kind: 'queue', queue: queue.queue } } };
}

/** The pipe of a request/reply payload: `@Payload(new ParsedBy(parsePostActionRequest))`. */
export class ParsedBy<Request> implements PipeTransform<unknown, Request> {
  constructor(private readonly parse: (payload: unknown) => Request) {}

  transform(payload: unknown): Request {
    return this.parse(payload);
  }
}
