import { Injectable, Logger } from '@nestjs/common';
import { CreatePostRequest, PostCommandReply, RpcMethods } from '@app/contracts';
import { HandlesRpc } from '@app/messaging';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { existingState, toPostView } from '../post-view/to-post-view';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostContentRequest } from '../rpc/rpc-payload';

/** The gateway's `posts.create` request: a new post, a draft or scheduled, answered from the aggregate. */
@Injectable()
export class CreatePostHandler {
  private readonly logger = new Logger(CreatePostHandler.name);

  constructor(
    private readonly runner: PostCommandRunner,
    private readonly slots: QueueSlotAllocator,
  ) {}

  @HandlesRpc(RpcMethods.createPost)
  handle(payload: unknown): Promise<PostCommandReply> {
    return answerRpc(() => this.create(parsePostContentRequest(payload)));
  }

  private async create({ postUuid, workspaceUuid, actor, input }: CreatePostRequest): Promise<PostCommandReply> {
    const now = new Date();
    const outcome = await this.slots.runWithSlot(workspaceUuid, postUuid, input, now, (withSlot) =>
      this.runner.run(postUuid, { type: 'CreatePost', postUuid, workspaceUuid, actor, now: now.toISOString(), input: withSlot }),
    );
    const state = existingState(outcome.state);
    this.logger.log(`Post ${postUuid} created in workspace ${workspaceUuid} by user ${actor.userId}: ${state.status}`);
    return { post: toPostView(state), revision: outcome.revision };
  }
}
