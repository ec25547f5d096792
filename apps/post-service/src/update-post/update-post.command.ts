import { Command } from '@nestjs/cqrs';
import type { PostCommandReply, UpdatePostRequest } from '@app/contracts';

export class UpdatePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: UpdatePostRequest) {
    super();
  }
}
