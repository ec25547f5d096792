import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { CreatePostRequest, PostCommandReply } from '@app/contracts';
import { PostCommand, PostContentInput, PostRuleViolation, PostState } from '@app/domain';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { existingState, toPostView } from '../post-view/to-post-view';
import { QueueSlotAllocator } from '../queue-slots/queue-slot-allocator';

/** The command a create request is decided as, with its input (a queued post's with its slot). */
export const createPostCommand = ({ postUuid, workspaceUuid, actor }: CreatePostRequest, now: Date, input: PostContentInput): PostCommand => ({
  type: 'CreatePost',
  postUuid,
  workspaceUuid,
  actor,
  now: now.toISOString(),
  input,
});

/** `posts.create`: a new post, a draft or scheduled. */
export class CreatePostCommand extends Command<PostCommandReply> {
  constructor(readonly request: CreatePostRequest) {
    super();
  }
}

/** The gateway's `posts.create` request: a new post, a draft or scheduled, answered from the aggregate. */
@CommandHandler(CreatePostCommand)
export class CreatePostHandler implements ICommandHandler<CreatePostCommand> {
  private readonly logger = new Logger(CreatePostHandler.name);

  constructor(
    private readonly runner: PostCommandRunner,
    private readonly slots: QueueSlotAllocator,
  ) {}

  execute({ request }: CreatePostCommand): Promise<PostCommandReply> {
    return this.create(request);
  }

  private async create(request: CreatePostRequest): Promise<PostCommandReply> {
    const { postUuid, workspaceUuid, actor, input } = request;
    const now = new Date();
    let outcome: { state: PostState; revision: number };
    try {
      outcome = (await this.slots.runWithSlot(workspaceUuid, postUuid, input, now, (withSlot) => this.runner.run(postUuid, createPostCommand(request, now, withSlot)))).answer;
    } catch (error) {
      const replay = request.replayIfExists && error instanceof PostRuleViolation && error.code === 'PostAlreadyExists' ? await this.runner.current(postUuid) : null;
      if (!replay?.state.exists || replay.state.deleted || replay.state.workspaceUuid !== workspaceUuid) throw error;
      this.logger.log(`Post ${postUuid} of workspace ${workspaceUuid} was created by an earlier sending of this request: answered as it is`);
      return { post: toPostView(replay.state), revision: replay.revision };
    }
    const state = existingState(outcome.state);
    this.logger.log(`Post ${postUuid} created in workspace ${workspaceUuid} by user ${actor.userId}: ${state.status}`);
    return { post: toPostView(state), revision: outcome.revision };
  }
}
