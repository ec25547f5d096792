import { RecordPublishResultMessage } from '@app/contracts';
import { AttemptKey } from './attempt-journal';
import { PublishResult } from './publish-result';

/** The result of one attempt as a command; sent again for a redelivered event, it keeps its id. */
export function recordPublishResultCommand(
  key: AttemptKey,
  result: PublishResult,
  sentAt: Date,
): RecordPublishResultMessage {
  return {
    commandId: `publish-result:${key.postUuid}:${key.round}:${key.accountId}`,
    type: 'RecordPublishResult',
    postUuid: key.postUuid,
    accountId: key.accountId,
    outcome: result.outcome,
    externalId: result.externalId,
    externalUrl: result.externalUrl,
    errors: result.errors,
    items: result.items,
    sentAt: sentAt.toISOString(),
  };
}
