import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { ExpirePublishingMessage } from '@app/contracts';
import { PostCommandRunner } from '../command-handling/post-command-runner';

/** The publishing watchdog's ExpirePublishing, from `post-commands`. */
export class ExpirePublishingCommand extends Command<void> {
  constructor(readonly message: ExpirePublishingMessage) {
    super();
  }
}

/** The scheduler watchdog's ExpirePublishing: a publishing round whose results did not all come. */
@CommandHandler(ExpirePublishingCommand)
export class ExpirePublishingHandler implements ICommandHandler<ExpirePublishingCommand> {
  private readonly logger = new Logger(ExpirePublishingHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async execute({ message: { postUuid, waitedMs, commandId } }: ExpirePublishingCommand): Promise<void> {
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'ExpirePublishing', waitedMs, now }, { causationId: commandId });
    if (outcome.appended > 0) this.logger.warn(`Post ${postUuid}: no result from the platform within ${waitedMs} ms of publishing; the accounts without one failed`);
  }
}
