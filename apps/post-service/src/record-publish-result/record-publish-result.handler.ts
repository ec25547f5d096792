import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { RecordPublishResultMessage } from '@app/contracts';
import { publishedItemsOf } from '@app/domain';
import { PostCommandRunner } from '../command-handling/post-command-runner';

/** The publisher's RecordPublishResult, from `post-commands`. */
export class RecordPublishResultCommand extends Command<void> {
  constructor(readonly message: RecordPublishResultMessage) {
    super();
  }
}

/** The publisher's RecordPublishResult, once per account of a publishing round. */
@CommandHandler(RecordPublishResultCommand)
export class RecordPublishResultHandler implements ICommandHandler<RecordPublishResultCommand> {
  private readonly logger = new Logger(RecordPublishResultHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async execute({ message }: RecordPublishResultCommand): Promise<void> {
    const { postUuid, accountId, outcome, externalId, externalUrl, errors, commandId } = message;
    const items = publishedItemsOf(message.items, externalId, externalUrl);
    const now = new Date().toISOString();
    const result = await this.runner.run(
      postUuid,
      { type: 'RecordPublishResult', now, accountId, outcome, externalId, externalUrl, errors, items },
      { causationId: commandId },
    );
    if (result.appended === 0) {
      this.logger.log(`Post ${postUuid}: result for account ${accountId} is repeated or out of round; nothing to do`);
      return;
    }
    const status = result.state.exists ? result.state.status : 'unknown';
    this.logger.log(`Post ${postUuid}: account ${accountId} ${outcome}; post is ${status}`);
  }
}
