import { Controller, Inject, Logger } from '@nestjs/common';
import { EventPattern } from '@nestjs/microservices';
import { ConsumerGroups, decodePostEventMessage, Headers, PostEventMessageOf, Topics } from '@app/contracts';
import { ConsumerGroupOptions, handleKeysSideBySide, IncomingMessage, inMessageTrace, MESSAGE_BUS, MessageBus } from '@app/messaging';
import { AccountPublisher } from './account-publisher';
import { AttemptJournal } from './attempt-journal';
import { recordPublishResultCommand } from './record-publish-result-command';

/** How many posts of one partition's batch are published at once, so that a burst does not open a connection per post to a platform. */
const POSTS_AT_ONCE = 16;

/**
 * On `post.publishing_started`, publishes the post to each of its accounts and sends each account's
 * result to `post-commands`. Redelivered, it reports the stored results again without calling a
 * provider twice. It takes what the bus fetched of a partition together.
 */
@Controller()
export class PostPublishingConsumer {
  private readonly logger = new Logger('Publisher');

  constructor(
    private readonly publisher: AccountPublisher,
    private readonly journal: AttemptJournal,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
  ) {}

  @EventPattern(ConsumerGroups.publisher, { topics: [Topics.postEvents], batches: true } satisfies ConsumerGroupOptions)
  async handle(messages: readonly IncomingMessage[]): Promise<void> {
    const rounds = messages.flatMap((message) => {
      const event = decodePostEventMessage(message.value);
      return event.type === 'post.publishing_started' ? [{ event, message }] : [];
    });
    // Each post's rounds in their order, the posts side by side (each account's attempt is journaled on its own), each in its message's trace.
    await handleKeysSideBySide(rounds, ({ event }) => event.postUuid, ({ event, message }) => inMessageTrace('publish round', message, () => this.publishRound(event)), POSTS_AT_ONCE);
  }

  private async publishRound(event: PostEventMessageOf<'post.publishing_started'>): Promise<void> {
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
