import { Command } from '@nestjs/cqrs';
import type { CreatePostRequest, PostCommandReply } from '@app/contracts';
import { actorOf, contentInputOf, fieldsOf, text } from '../rpc/rpc-payload';

export class CreatePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: CreatePostRequest) {
    super();
  }
}

export function parseCreatePostRequest(payload: unknown): CreatePostRequest {
  const fields = fieldsOf(payload);
  return {
    workspaceUuid: text(fields, 'workspaceUuid'),
    postUuid: text(fields, 'postUuid'),
    actor: actorOf(fields),
    input: contentInputOf(fields),
  };
}
