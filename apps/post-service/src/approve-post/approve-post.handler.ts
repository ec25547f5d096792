import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { PostCommandReply } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { existingState, toPostView } from '../post-view/to-post-view';
import { ApprovePostCommand } from './approve-post.command';

@CommandHandler(ApprovePostCommand)
export class ApprovePostHandler implements ICommandHandler<ApprovePostCommand, PostCommandReply> {
  private readonly logger = new Logger(ApprovePostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async execute({ request }: ApprovePostCommand): Promise<PostCommandReply> {
    const { postUuid, workspaceUuid, actor } = request;
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'ApprovePost', actor, now }, { workspaceUuid });
    const state = existingState(outcome.state);
    this.logger.log(`Post ${postUuid} approved by user ${actor.userId}, scheduled for ${state.scheduledAt}`);
    return { post: toPostView(state), revision: outcome.revision };
  }
}
