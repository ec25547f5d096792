import { Logger } from '@nestjs/common';
import { Command, CommandHandler, ICommandHandler } from '@nestjs/cqrs';
import type { RecordMetricsMessage } from '@app/contracts';
import { postMetricsOf } from '@app/domain';
import { PostCommandRunner } from '../command-handling/post-command-runner';

/** The publisher's RecordMetrics, from `post-commands`. */
export class RecordMetricsCommand extends Command<void> {
  constructor(readonly message: RecordMetricsMessage) {
    super();
  }
}

/** The publisher's RecordMetrics, once per point of the collection of an account's figures. */
@CommandHandler(RecordMetricsCommand)
export class RecordMetricsHandler implements ICommandHandler<RecordMetricsCommand> {
  private readonly logger = new Logger(RecordMetricsHandler.name);

  constructor(private readonly runner: PostCommandRunner) {}

  async execute({ message }: RecordMetricsCommand): Promise<void> {
    const { postUuid, accountId, point, collectedAt, commandId } = message;
    const now = new Date().toISOString();
    const result = await this.runner.run(
      postUuid,
      { type: 'RecordMetrics', now, accountId, point, metrics: postMetricsOf(message.metrics), collectedAt },
      { causationId: commandId },
    );
    if (result.appended === 0) this.logger.log(`Post ${postUuid}: figures of account ${accountId} at ${point} are already recorded, or the account has not published it`);
  }
}
