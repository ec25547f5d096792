import { Command } from '@nestjs/cqrs';
import type { PostActionRequest } from '@app/contracts';

export class DeletePostCommand extends Command<null> {
  constructor(readonly request: PostActionRequest) {
    super();
  }
}
