import { Controller, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, DEAD_LETTER_TOPICS } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage } from '@app/messaging';
import { DeadLetterStore } from '../dead-letter-store';

/**
 * Reads every `<topic>.dlq` and keeps each message there, so that an operator can list the
 * messages the services gave up on and replay them (`/api/panel/dead-letters`), in both modes.
 */
@Controller()
export class DeadLettersConsumer {
  private readonly logger = new Logger('DeadLetters');

  constructor(private readonly store: DeadLetterStore) {}

  @EventPattern(ConsumerGroups.gatewayDeadLetters, { topics: DEAD_LETTER_TOPICS, keepRetrying: true } satisfies ConsumerGroupOptions)
  async handle(message: IncomingMessage): Promise<void> {
    await this.store.record(message);
    this.logger.warn(`Recorded a dead letter of ${message.topic} (key ${message.key}); list and replay them at /api/panel/dead-letters`);
  }
}
