import { Injectable, Logger } from '@nestjs/common';
import { PostActionRequest, PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { runPostAction } from '../command-handling/post-action-reply';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostActionRequest } from '../rpc/rpc-payload';

/**
 * The gateway's `posts.retry` request: a failed post is scheduled for now (or put to an approver),
 * and its next round publishes to the accounts that failed only; answered from the aggregate.
 */
@Injectable()
export class RetryPostHandler {
  private readonly logger = new Logger(RetryPostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  @HandlesRpc(RpcMethods.retryPost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.retry(parsePostActionRequest(payload)));
  }

  private async retry(request: PostActionRequest): Promise<PostCommandReply> {
    const { reply, state } = await runPostAction(this.runner, 'RetryPost', request);
    this.logger.log(`Post ${request.postUuid} retried by user ${request.actor.userId}: ${state.status}`);
    return reply;
  }
}
