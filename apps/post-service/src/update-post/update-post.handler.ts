import { Injectable, Logger } from '@nestjs/common';
import { PostCommandReply, RpcMethods, UpdatePostRequest } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { existingState, toPostView } from '../post-view/to-post-view';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostContentRequest } from '../rpc/rpc-payload';

/** The gateway's `posts.update` request: the post's content and schedule replaced, answered from the aggregate. */
@Injectable()
export class UpdatePostHandler {
  private readonly logger = new Logger(UpdatePostHandler.name);

  constructor(
    private readonly runner: PostCommandRunner,
    private readonly slots: QueueSlotAllocator,
  ) {}

  @HandlesRpc(RpcMethods.updatePost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.update(parsePostContentRequest(payload)));
  }

  private async update({ postUuid, workspaceUuid, actor, input, expectedRevisions }: UpdatePostRequest): Promise<PostCommandReply> {
    const now = new Date();
    const outcome = await this.slots.runWithSlot(workspaceUuid, postUuid, input, now, (withSlot) =>
      this.runner.run(postUuid, { type: 'UpdatePost', actor, now: now.toISOString(), input: withSlot, expectedRevisions }, { workspaceUuid }),
    );
    const state = existingState(outcome.state);
    this.logger.log(`Post ${postUuid} updated by user ${actor.userId}: ${state.status}`);
    return { post: toPostView(state), revision: outcome.revision };
  }
}
