import { Injectable, Logger } from '@nestjs/common';
import { PostActionRequest, PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { runPostAction } from '../command-handling/post-action-reply';
import { PostCommandRunner } from '../command-handling/post-command-runner';
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

  private async approve(request: PostActionRequest): Promise<PostCommandReply> {
    const { reply, state } = await runPostAction(this.runner, 'ApprovePost', request);
    this.logger.log(`Post ${request.postUuid} approved by user ${request.actor.userId}, scheduled for ${state.scheduledAt}`);
    return reply;
  }
}
