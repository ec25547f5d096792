import { Command } from '@nestjs/cqrs';
import type { PostCommandMessage } from '@app/contracts';

/** From the scheduler's watchdog: a publishing round whose results did not all come. */
export class ExpirePublishingCommand extends Command<void> {
  constructor(readonly message: Extract<PostCommandMessage, { type: 'ExpirePublishing' }>) {
    super();
  }
}
