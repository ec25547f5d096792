import { Injectable, Logger } from '@nestjs/common';
import { ConsumerGroups, PostCommandMessage, Topics } from '@app/contracts';
import { PostRuleViolation } from '@app/domain';
import { ConsumesTopics, IncomingMessage, UnprocessableMessage } from '@app/messaging';
import { ExpirePublishingHandler } from '../expire-publishing/expire-publishing.handler';
import { RecordMetricsHandler } from '../record-metrics/record-metrics.handler';
import { RecordPublishResultHandler } from '../record-publish-result/record-publish-result.handler';
import { StartPublishingHandler } from '../start-publishing/start-publishing.handler';
import { parsePostCommandMessage } from './parse-post-command-message';

/**
 * Commands of the scheduler and the publisher: the one consumer of `post-commands`, which hands
 * each command to the handler of its use case. The decider ignores repeated and stale ones, so a
 * redelivery is harmless. A rule violation will not change on retry: it is logged and the message
 * acknowledged. Conflicts that outlast the retry and infrastructure failures are retried by the bus.
 */
@Injectable()
export class PostCommandsConsumer {
  private readonly logger = new Logger(PostCommandsConsumer.name);

  constructor(
    private readonly startPublishing: StartPublishingHandler,
    private readonly expirePublishing: ExpirePublishingHandler,
    private readonly recordPublishResult: RecordPublishResultHandler,
    private readonly recordMetrics: RecordMetricsHandler,
  ) {}

  @ConsumesTopics({ groupId: ConsumerGroups.postCommands, topics: [Topics.postCommands] })
  async handle(message: IncomingMessage): Promise<void> {
    const command = this.parse(message);
    try {
      await this.run(command);
    } catch (error) {
      if (!(error instanceof PostRuleViolation)) throw error;
      const { type, postUuid, commandId } = command;
      this.logger.warn(`${type} ${commandId} for post ${postUuid} breaks rule ${error.code} (${error.message}); acknowledged`);
    }
  }

  /** A command type added to the contract does not compile until it has its handler here. */
  private run(command: PostCommandMessage): Promise<void> {
    switch (command.type) {
      case 'StartPublishing':
        return this.startPublishing.handle(command);
      case 'ExpirePublishing':
        return this.expirePublishing.handle(command);
      case 'RecordPublishResult':
        return this.recordPublishResult.handle(command);
      case 'RecordMetrics':
        return this.recordMetrics.handle(command);
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
