import { Command } from '@nestjs/cqrs';
import type { CreatePostRequest, PostCommandReply } from '@app/contracts';

export class CreatePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: CreatePostRequest) {
    super();
  }
}
