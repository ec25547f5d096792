import { Injectable, Logger } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ConsumerGroups, Topics } from '@app/contracts';
import { PostRuleViolation } from '@app/domain';
import { ConsumesTopics, IncomingMessage, UnprocessableMessage } from '@app/messaging';
import { parsePostCommandMessage } from './parse-post-command-message';

/**
 * Commands of the scheduler and the publisher. The decider ignores repeated and stale ones, so a
 * redelivery is harmless. A rule violation will not change on retry: it is logged and the message
 * acknowledged. Conflicts that outlast the retry and infrastructure failures are retried by the bus.
 */
@Injectable()
export class PostCommandsConsumer {
  private readonly logger = new Logger(PostCommandsConsumer.name);

  constructor(private readonly commandBus: CommandBus) {}

  @ConsumesTopics({ groupId: ConsumerGroups.postCommands, topics: [Topics.postCommands] })
  async handle(message: IncomingMessage): Promise<void> {
    const command = this.parse(message);
    try {
      await this.commandBus.execute(command);
    } catch (error) {
      if (!(error instanceof PostRuleViolation)) throw error;
      const { type, postUuid, commandId } = command.message;
      this.logger.warn(`${type} ${commandId} for post ${postUuid} breaks rule ${error.code} (${error.message}); acknowledged`);
    }
  }

  /** A malformed message can never be handled: the bus parks it in the dead-letter topic at once. */
  private parse(message: IncomingMessage): ReturnType<typeof parsePostCommandMessage> {
    try {
      return parsePostCommandMessage(message.value);
    } catch (error) {
      throw new UnprocessableMessage(`Not a post command: ${String(error)}`, { cause: error });
    }
  }
}
