import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { DeletePostCommand } from './delete-post.command';

@CommandHandler(DeletePostCommand)
export class DeletePostHandler implements ICommandHandler<DeletePostCommand, null> {
  private readonly logger = new Logger(DeletePostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async execute({ request }: DeletePostCommand): Promise<null> {
    const { postUuid, workspaceUuid, actor } = request;
    const now = new Date().toISOString();
    await this.runner.run(postUuid, { type: 'DeletePost', actor, now }, { workspaceUuid });
    this.logger.log(`Post ${postUuid} deleted by user ${actor.userId}`);
    return null;
  }
}
