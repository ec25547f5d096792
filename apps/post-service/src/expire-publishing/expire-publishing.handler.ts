import { Logger } from '@nestjs/common';
import { CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { ExpirePublishingCommand } from './expire-publishing.command';

@CommandHandler(ExpirePublishingCommand)
export class ExpirePublishingHandler implements ICommandHandler<ExpirePublishingCommand, void> {
  private readonly logger = new Logger(ExpirePublishingHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async execute({ message }: ExpirePublishingCommand): Promise<void> {
    const { postUuid, waitedMs, commandId } = message;
    const now = new Date().toISOString();
    const outcome = await this.runner.run(postUuid, { type: 'ExpirePublishing', waitedMs, now }, { causationId: commandId });
    if (outcome.appended > 0) this.logger.warn(`Post ${postUuid}: no result from the platform within ${waitedMs} ms of publishing; the accounts without one failed`);
  }
}
