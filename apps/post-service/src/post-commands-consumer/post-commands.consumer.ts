import { Controller, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, PostCommandMessage, Topics } from '@app/contracts';
import { PostRuleViolation } from '@app/domain';
import { ConsumerGroupOptions, handleKeysSideBySide, IncomingMessage, inMessageTrace, UnprocessableMessage } from '@app/messaging';
import { ExpirePublishingCommand } from '../expire-publishing/expire-publishing.handler';
import { RecordMetricsCommand } from '../record-metrics/record-metrics.handler';
import { RecordPublishResultCommand } from '../record-publish-result/record-publish-result.handler';
import { StartPublishingCommand } from '../start-publishing/start-publishing.handler';
import { parsePostCommandMessage } from './parse-post-command-message';

/**
 * Commands of the scheduler and the publisher: the one consumer of `post-commands`, which hands
 * each command to the CommandBus (the handler of its use case). The decider ignores repeated and stale ones, so a
 * redelivery is harmless. A rule violation will not change on retry: it is logged and the message
 * acknowledged. Conflicts that outlast the retry and infrastructure failures are retried by the bus.
 * It takes what the bus fetched of a partition together (see handle).
 */
@Controller()
export class PostCommandsConsumer {
  private readonly logger = new Logger(PostCommandsConsumer.name);

  constructor(private readonly commands: CommandBus) {}

  @EventPattern(ConsumerGroups.postCommands, { topics: [Topics.postCommands], batches: true } satisfies ConsumerGroupOptions)
  async handle(messages: readonly IncomingMessage[]): Promise<void> {
    const commands = messages.map((message) => ({ command: this.parse(message), message }));
    // Each post's commands in their order, the posts side by side (the runner takes concurrent writers of a stream as HTTP
    // requests do), each in its message's trace: the events it appends carry that trace on.
    await handleKeysSideBySide(commands, ({ command }) => command.postUuid, ({ command, message }) => inMessageTrace(command.type, message, () => this.handleOne(command)));
  }

  private async handleOne(command: PostCommandMessage): Promise<void> {
    try {
      await this.run(command);
    } catch (error) {
      if (!(error instanceof PostRuleViolation)) throw error;
      const { type, postUuid, commandId } = command;
      this.logger.warn(`${type} ${commandId} for post ${postUuid} breaks rule ${error.code} (${error.message}); acknowledged`);
    }
  }

  /** A command type added to the contract does not compile until it has its command here. */
  private run(command: PostCommandMessage): Promise<void> {
    switch (command.type) {
      case 'StartPublishing':
        return this.commands.execute(new StartPublishingCommand(command));
      case 'ExpirePublishing':
        return this.commands.execute(new ExpirePublishingCommand(command));
      case 'RecordPublishResult':
        return this.commands.execute(new RecordPublishResultCommand(command));
      case 'RecordMetrics':
        return this.commands.execute(new RecordMetricsCommand(command));
    }
  }

  /** A malformed message can never be handled: the bus parks it in the dead-letter topic at once. */
  private parse(message: IncomingMessage): PostCommandMessage {
    try {
      return parsePostCommandMessage(message.value);
    } catch (error) {
      throw new UnprocessableMessage(`Not a post command: ${String(error)}`, { cause: error });
    }
  }
}
