import { Command } from '@nestjs/cqrs';
import type { PostActionRequest, PostView } from '@app/contracts';

export class ApprovePostCommand extends Command<PostView> {
  constructor(readonly request: PostActionRequest) {
    super();
  }
}
