import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { PostCommandReply } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { DeletePostCommand } from './delete-post.command';

@CommandHandler(DeletePostCommand)
export class DeletePostHandler implements ICommandHandler<DeletePostCommand, PostCommandReply> {
  private readonly logger = new Logger(DeletePostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async execute({ request }: DeletePostCommand): Promise<PostCommandReply> {
    const { postUuid, workspaceUuid, actor } = request;
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'DeletePost', actor, now }, { workspaceUuid });
    this.logger.log(`Post ${postUuid} deleted by user ${actor.userId}`);
    return { post: null, revision: outcome.revision };
  }
}
