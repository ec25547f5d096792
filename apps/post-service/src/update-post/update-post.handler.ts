import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { PostCommandReply } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';
import { existingState, toPostView } from '../post-view/to-post-view';
import { UpdatePostCommand } from './update-post.command';

@CommandHandler(UpdatePostCommand)
export class UpdatePostHandler implements ICommandHandler<UpdatePostCommand, PostCommandReply> {
  private readonly logger = new Logger(UpdatePostHandler.name);

  constructor(
    private readonly runner: PostCommandRunner,
    private readonly slots: QueueSlotAllocator,
  ) {}

  async execute({ request }: UpdatePostCommand): Promise<PostCommandReply> {
    const { postUuid, workspaceUuid, actor, input } = request;
    const now = new Date();
    const outcome = await this.slots.runWithSlot(workspaceUuid, postUuid, input, now, (withSlot) =>
      this.runner.run(postUuid, { type: 'UpdatePost', actor, now: now.toISOString(), input: withSlot }, { workspaceUuid }),
    );
    const state = existingState(outcome.state);
    this.logger.log(`Post ${postUuid} updated by user ${actor.userId}: ${state.status}`);
    return { post: toPostView(state), revision: outcome.revision };
  }
}
