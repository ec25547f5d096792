import { Command } from '@nestjs/cqrs';
import type { PostActionRequest, PostCommandReply } from '@app/contracts';

export class DeletePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: PostActionRequest) {
    super();
  }
}
