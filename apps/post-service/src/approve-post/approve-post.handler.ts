import { Injectable, Logger } from '@nestjs/common';
import { PostActionRequest, PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { existingState, toPostView } from '../post-view/to-post-view';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostActionRequest } from '../rpc/rpc-payload';

/** The gateway's `posts.approve` request: a post that awaits approval is scheduled, answered from the aggregate. */
@Injectable()
export class ApprovePostHandler {
  private readonly logger = new Logger(ApprovePostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  @HandlesRpc(RpcMethods.approvePost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.approve(parsePostActionRequest(payload)));
  }

  private async approve({ postUuid, workspaceUuid, actor, expectedRevisions }: PostActionRequest): Promise<PostCommandReply> {
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'ApprovePost', actor, now, expectedRevisions }, { workspaceUuid });
    const state = existingState(outcome.state);
    this.logger.log(`Post ${postUuid} approved by user ${actor.userId}, scheduled for ${state.scheduledAt}`);
    return { post: toPostView(state), revision: outcome.revision };
  }
}
