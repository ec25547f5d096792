import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PostActionRequest, PostCommandReply } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';

/** `posts.delete`: the post is marked deleted. */
export class DeletePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: PostActionRequest) {
    super();
  }
}

/** The gateway's `posts.delete` request: the post is marked deleted; the reply carries no post. */
@CommandHandler(DeletePostCommand)
export class DeletePostHandler implements ICommandHandler<DeletePostCommand> {
  private readonly logger = new Logger(DeletePostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  execute({ request }: DeletePostCommand): Promise<PostCommandReply> {
    return this.delete(request);
  }

  private async delete({ postUuid, workspaceUuid, actor, expectedRevisions }: PostActionRequest): Promise<PostCommandReply> {
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'DeletePost', actor, now, expectedRevisions }, { workspaceUuid });
    this.logger.log(`Post ${postUuid} deleted by user ${actor.userId}`);
    return { post: null, revision: outcome.revision };
  }
}
