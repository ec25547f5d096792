import { Injectable } from '@nestjs/common';
import { CreatePostRequest, PostValidationReply, RpcMethods } from '@app/contracts';
import { decide, initialPostState } from '@app/domain';
import { HandlesRpc } from '@app/messaging';
import { createPostCommand } from '../create-post/create-post.handler';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';
import { answerRpc } from '../rpc/answer-rpc';
import { parsePostContentRequest } from '../rpc/rpc-payload';

/**
 * The gateway's `posts.validate` request: a create request decided as creating would decide it (a
 * queued post with the slot it would get now), without appending anything or taking a slot; a
 * refusal is the error creating would give.
 */
@Injectable()
export class ValidatePostHandler {
  constructor(private readonly slots: QueueSlotAllocator) {}

  @HandlesRpc(RpcMethods.validatePost)
  handle(payload: unknown): Promise<PostValidationReply> {
    return answerRpc(() => this.validate(parsePostContentRequest(payload)));
  }

  private async validate(request: CreatePostRequest): Promise<PostValidationReply> {
    const now = new Date();
    const input = await this.slots.withNextFreeSlot(request.workspaceUuid, request.postUuid, request.input, now);
    decide(createPostCommand(request, now, input), initialPostState);
    return { valid: true };
  }
}
