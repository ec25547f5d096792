import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, Headers, Topics } from '@app/contracts';
import { ConsumerGroupOptions, IncomingMessage, MESSAGE_BUS, MessageBus } from '@app/messaging';
import { AccountPublisher } from './account-publisher';
import { AttemptJournal } from './attempt-journal';
import { recordPublishResultCommand } from './record-publish-result-command';

/**
 * On `post.publishing_started`, publishes the post to each of its accounts and sends each account's
 * result to `post-commands`. Redelivered, it reports the stored results again without calling a
 * provider twice.
 */
@Controller()
export class PostPublishingConsumer {
  private readonly logger = new Logger('Publisher');

  constructor(
    private readonly publisher: AccountPublisher,
    private readonly journal: AttemptJournal,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  @EventPattern(ConsumerGroups.publisher, { topics: [Topics.postEvents] } satisfies ConsumerGroupOptions)
  async handle(message: IncomingMessage): Promise<void> {
    const event = decodePostEventMessage(message.value);
    if (event.type !== 'post.publishing_started') return;
    const { postUuid, revision: round, post, accountIds } = event;
    const accounts = post.accounts.filter((account) => accountIds.includes(account.id));
    const latest = await this.journal.latestRound(postUuid);
    if (latest !== null && latest > round) {
      this.logger.log(`Skipped publishing round ${round} of post ${postUuid}: round ${latest} started since`);
      return;
    }
    this.logger.log(`Publishing post ${postUuid} to ${accounts.length} account(s) (round ${round})`);
    for (const account of accounts) {
      const key = { postUuid, accountId: account.id, round };
      const result = await this.publisher.publish(key, account, post.versions);
      if (!result) continue; // deferred: the DeferredAttemptsRunner sends its result
      const command = recordPublishResultCommand(key, result, new Date());
      await this.bus.publish(Topics.postCommands, [
        { key: postUuid, value: command, headers: { [Headers.messageId]: command.commandId } },
      ]);
    }
  }
}
