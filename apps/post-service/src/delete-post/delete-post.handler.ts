import { Injectable, Logger } from '@nestjs/common';
import { PostActionRequest, PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostActionRequest } from '../rpc/rpc-payload';

/** The gateway's `posts.delete` request: the post is marked deleted; the reply carries no post. */
@Injectable()
export class DeletePostHandler {
  private readonly logger = new Logger(DeletePostHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  @HandlesRpc(RpcMethods.deletePost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.delete(parsePostActionRequest(payload)));
  }

  private async delete({ postUuid, workspaceUuid, actor, expectedRevisions }: PostActionRequest): Promise<PostCommandReply> {
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'DeletePost', actor, now, expectedRevisions }, { workspaceUuid });
    this.logger.log(`Post ${postUuid} deleted by user ${actor.userId}`);
    return { post: null, revision: outcome.revision };
  }
}
