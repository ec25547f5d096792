import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { PostCommandReply } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';
import { existingState, toPostView } from '../post-view/to-post-view';
import { CreatePostCommand } from './create-post.command';

@CommandHandler(CreatePostCommand)
export class CreatePostHandler implements ICommandHandler<CreatePostCommand, PostCommandReply> {
  private readonly logger = new Logger(CreatePostHandler.name);

  constructor(
    private readonly runner: PostCommandRunner,
    private readonly slots: QueueSlotAllocator,
  ) {}

  async execute({ request }: CreatePostCommand): Promise<PostCommandReply> {
    const { postUuid, workspaceUuid, actor, input } = request;
    const now = new Date();
    const outcome = await this.slots.runWithSlot(workspaceUuid, postUuid, input, now, (withSlot) =>
      this.runner.run(postUuid, { type: 'CreatePost', postUuid, workspaceUuid, actor, now: now.toISOString(), input: withSlot }),
    );
    const state = existingState(outcome.state);
    this.logger.log(`Post ${postUuid} created in workspace ${workspaceUuid} by user ${actor.userId}: ${state.status}`);
    return { post: toPostView(state), revision: outcome.revision };
  }
}
