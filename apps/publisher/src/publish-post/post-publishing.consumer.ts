import { Inject, Injectable, Logger } from '@nestjs/common';
import { Headers, PostEventMessage, Topics } from '@app/contracts';
import { IncomingMessage, MESSAGE_BUS, MessageBus } from '@app/messaging';
import { AccountPublisher } from './account-publisher';
import { AttemptJournal } from './attempt-journal';
import { recordPublishResultCommand } from './record-publish-result-command';

type PublishingStarted = Extract<PostEventMessage, { type: 'PublishingStarted' }>;

/**
 * On PublishingStarted, publishes the post to each of its accounts and sends each account's
 * result to `post-commands`. Redelivered, it reports the stored results again without calling a
 * provider twice.
 */
@Injectable()
export class PostPublishingConsumer {
  private readonly logger = new Logger('Publisher');

  constructor(
    private readonly publisher: AccountPublisher,
    private readonly journal: AttemptJournal,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  async handle(message: IncomingMessage): Promise<void> {
    if (!isPublishingStarted(message.value)) return;
    const { postUuid, revision: round, data } = message.value;
    const latest = await this.journal.latestRound(postUuid);
    if (latest !== null && latest > round) {
      this.logger.log(`Skipped publishing round ${round} of post ${postUuid}: round ${latest} started since`);
      return;
    }
    this.logger.log(`Publishing post ${postUuid} to ${data.accounts.length} account(s) (round ${round})`);
    for (const account of data.accounts) {
      const key = { postUuid, accountId: account.id, round };
      const result = await this.publisher.publish(key, account, data.versions);
      if (!result) continue; // deferred: the DeferredAttemptsRunner sends its result
      const command = recordPublishResultCommand(key, result, new Date());
      await this.bus.publish(Topics.postCommands, [
        { key: postUuid, value: command, headers: { [Headers.messageId]: command.commandId } },
      ]);
    }
  }
}

function isPublishingStarted(value: unknown): value is PublishingStarted {
  if (typeof value !== 'object' || value === null) return false;
  const event = value as Partial<PublishingStarted>;
  return (
    event.type === 'PublishingStarted' &&
    typeof event.postUuid === 'string' &&
    Number.isInteger(event.revision) &&
    Array.isArray(event.data?.accounts) &&
    Array.isArray(event.data?.versions)
  );
}
