import { Command } from '@nestjs/cqrs';
import type { PostCommandMessage } from '@app/contracts';

/** From the scheduler, at the due time of the schedule made at `scheduledRevision`. */
export class StartPublishingCommand extends Command<void> {
  constructor(readonly message: Extract<PostCommandMessage, { type: 'StartPublishing' }>) {
    super();
  }
}
