import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PostActionRequest, PostCommandReply } from '@app/contracts';
import { runPostAction } from '../command-handling/post-action-reply';
import { PostCommandRunner } from '../command-handling/post-command-runner';

/** `posts.approve`: a post that awaits approval is scheduled. */
export class ApprovePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: PostActionRequest) {
    super();
  }
}

/** The gateway's `posts.approve` request: a post that awaits approval is scheduled, answered from the aggregate. */
@CommandHandler(ApprovePostCommand)
export class ApprovePostHandler implements ICommandHandler<ApprovePostCommand> {
  private readonly logger = new Logger(ApprovePostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  execute({ request }: ApprovePostCommand): Promise<PostCommandReply> {
    return this.approve(request);
  }

  private async approve(request: PostActionRequest): Promise<PostCommandReply> {
    const { reply, state } = await runPostAction(this.runner, 'ApprovePost', request);
    this.logger.log(`Post ${request.postUuid} approved by user ${request.actor.userId}, scheduled for ${state.scheduledAt}`);
    return reply;
  }
}
