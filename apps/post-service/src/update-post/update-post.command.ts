import { Command } from '@nestjs/cqrs';
import type { PostCommandReply, UpdatePostRequest } from '@app/contracts';
import { actorOf, contentInputOf, fieldsOf, text } from '../rpc/rpc-payload';

export class UpdatePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: UpdatePostRequest) {
    super();
  }
}

export function parseUpdatePostRequest(payload: unknown): UpdatePostRequest {
  const fields = fieldsOf(payload);
  return {
    workspaceUuid: text(fields, 'workspaceUuid'),
    postUuid: text(fields, 'postUuid'),
    actor: actorOf(fields),
    input: contentInputOf(fields),
  };
}
