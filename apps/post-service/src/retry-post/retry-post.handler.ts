import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PostActionRequest, PostCommandReply } from '@app/contracts';
import { runPostAction } from '../command-handling/post-action-reply';
import { PostCommandRunner } from '../command-handling/post-command-runner';

/** `posts.retry`: a failed post is published again to the accounts that failed. */
export class RetryPostCommand extends Command<PostCommandReply> {
  constructor(readonly request: PostActionRequest) {
    super();
  }
}

/**
 * The gateway's `posts.retry` request: a failed post is scheduled for now (or put to an approver),
 * and its next round publishes to the accounts that failed only; answered from the aggregate.
 */
@CommandHandler(RetryPostCommand)
export class RetryPostHandler implements ICommandHandler<RetryPostCommand> {
  private readonly logger = new Logger(RetryPostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  execute({ request }: RetryPostCommand): Promise<PostCommandReply> {
    return this.retry(request);
  }

  private async retry(request: PostActionRequest): Promise<PostCommandReply> {
    const { reply, state } = await runPostAction(this.runner, 'RetryPost', request);
    this.logger.log(`Post ${request.postUuid} retried by user ${request.actor.userId}: ${state.status}`);
    return reply;
  }
}
