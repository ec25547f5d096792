import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { StartPublishingMessage } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';

/** The scheduler's StartPublishing, from `post-commands`. */
export class StartPublishingCommand extends Command<void> {
  constructor(readonly message: StartPublishingMessage) {
    super();
  }
}

/** The scheduler's StartPublishing, at the due time of the schedule made at `scheduledRevision`. */
@CommandHandler(StartPublishingCommand)
export class StartPublishingHandler implements ICommandHandler<StartPublishingCommand> {
  private readonly logger = new Logger(StartPublishingHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async execute({ message: { postUuid, scheduledRevision, commandId } }: StartPublishingCommand): Promise<void> {
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'StartPublishing', scheduledRevision, now }, { causationId: commandId });
    if (outcome.appended === 0) {
      this.logger.log(`Post ${postUuid}: start of publishing for revision ${scheduledRevision} is stale or repeated; nothing to do`);
      return;
    }
    this.logger.log(`Post ${postUuid} is publishing (schedule of revision ${scheduledRevision})`);
  }
}
