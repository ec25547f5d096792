import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PostCommandReply, UpdatePostRequest } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { existingState, toPostView } from '../post-view/to-post-view';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';

/** `posts.update`: the post's content and schedule replaced. */
export class UpdatePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: UpdatePostRequest) {
    super();
  }
}

/** The gateway's `posts.update` request: the post's content and schedule replaced, answered from the aggregate. */
@CommandHandler(UpdatePostCommand)
export class UpdatePostHandler implements ICommandHandler<UpdatePostCommand> {
  private readonly logger = new Logger(UpdatePostHandler.name);

  constructor(
    private readonly runner: PostCommandRunner,
    private readonly slots: QueueSlotAllocator,
  ) {}

  execute({ request }: UpdatePostCommand): Promise<PostCommandReply> {
    return this.update(request);
  }

  private async update({ postUuid, workspaceUuid, actor, input, expectedRevisions }: UpdatePostRequest): Promise<PostCommandReply> {
    const now = new Date();
    const outcome = await this.slots.runWithSlot(workspaceUuid, postUuid, input, now, (withSlot) =>
      this.runner.run(postUuid, { type: 'UpdatePost', actor, now: now.toISOString(), input: withSlot, expectedRevisions }, { workspaceUuid }),
    );
    const state = existingState(outcome.answer.state);
    this.logger.log(`Post ${postUuid} updated by user ${actor.userId}: ${existingState(outcome.state).status}`);
    return { post: toPostView(state), revision: outcome.answer.revision };
  }
}
