import { Query, QueryHandler, IQueryHandler } from '@nestjs/cqrs';
import { CreatePostRequest, PostValidationReply } from '@app/contracts';
import { decide, initialPostState } from '@app/domain';
import { createPostCommand } from '../create-post/create-post.handler';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';

/** `posts.validate`: whether creating the post would be accepted now. */
export class ValidatePostQuery extends Query<PostValidationReply> {
  constructor(readonly request: CreatePostRequest) {
    super();
  }
}

/**
 * The gateway's `posts.validate` request: a create request decided as creating would decide it (a
 * queued post with the slot it would get now), without appending anything or taking a slot; a
 * refusal is the error creating would give.
 */
@QueryHandler(ValidatePostQuery)
export class ValidatePostHandler implements IQueryHandler<ValidatePostQuery> {
  constructor(private readonly slots: QueueSlotAllocator) {}

  execute({ request }: ValidatePostQuery): Promise<PostValidationReply> {
    return this.validate(request);
  }

  private async validate(request: CreatePostRequest): Promise<PostValidationReply> {
    const now = new Date();
    const input = await this.slots.withNextFreeSlot(request.workspaceUuid, request.postUuid, request.input, now);
    decide(createPostCommand(request, now, input), initialPostState);
    return { valid: true };
  }
}
