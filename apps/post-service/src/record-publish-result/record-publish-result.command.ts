import { Command } from '@nestjs/cqrs';
import type { PostCommandMessage } from '@app/contracts';

/** From the publisher, once per account of a publishing round. */
export class RecordPublishResultCommand extends Command<void> {
  constructor(readonly message: Extract<PostCommandMessage, { type: 'RecordPublishResult' }>) {
    super();
  }
}
