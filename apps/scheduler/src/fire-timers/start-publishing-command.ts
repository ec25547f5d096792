import { StartPublishingMessage } from '@app/contracts';
import { DueTimer } from '../timers/timer-store';

/**
 * The command a due timer sends. Its id depends only on the post and the schedule's revision,
 * so a command sent again after a crash is recognised as the same one.
 */
export function startPublishingCommand(timer: Pick<DueTimer, 'postUuid' | 'scheduledRevision'>, sentAt: Date): StartPublishingMessage {
  return {
    commandId: `start-publishing:${timer.postUuid}:${timer.scheduledRevision}`,
    type: 'StartPublishing',
    postUuid: timer.postUuid,
    scheduledRevision: timer.scheduledRevision,
    sentAt: sentAt.toISOString(),
  };
}
