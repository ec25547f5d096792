import { Command } from '@nestjs/cqrs';
import type { PostActionRequest, PostCommandReply } from '@app/contracts';

export class ApprovePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: PostActionRequest) {
    super();
  }
}
