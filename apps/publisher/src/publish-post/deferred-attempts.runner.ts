import { Inject, Injectable, Logger, OnApplicationBootstrap, OnModuleDestroy } from '@nestjs/common';
import { Headers, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { LoopBeat, READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { PUBLISHER_OPTIONS, PublisherOptions } from '../publisher-options';
import { AccountPublisher } from './account-publisher';
import { DeferredAttempts } from './deferred-attempts';
import { recordPublishResultCommand } from './record-publish-result-command';
import { errorMessage } from '@app/errors';

/**
 * Resumes deferred attempts when the platform's wait is over, and sends each result to
 * `post-commands` as the consumer would have. A result is journaled before it is sent and the
 * attempt removed after, so a crash in between sends the stored result again (same command id).
 * Each poll beats for readiness, and so does each attempt resumed: a call to the platform may last
 * as long as the attempt's lease.
 */
@Injectable()
export class DeferredAttemptsRunner implements OnApplicationBootstrap, OnModuleDestroy {
  private readonly logger = new Logger('Publisher');
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private loop: LoopBeat | null = null;

  constructor(
    private readonly deferred: DeferredAttempts,
    private readonly publisher: AccountPublisher,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(PUBLISHER_OPTIONS) private readonly options: PublisherOptions,
    @Inject(READINESS_WATCH) private readonly readiness: ReadinessWatch,
  ) {}

  onApplicationBootstrap(): void {
    this.loop ??= this.readiness.loop('deferred publish attempts');
    this.timer = setInterval(() => {
      this.running ??= this.runDue()
        .catch((error: unknown) => this.logger.error(`Resuming deferred attempts failed: ${errorMessage(error)}`))
        .finally(() => {
          this.running = null;
          this.loop?.beat(this.options.deferredPollMs);
        });
    }, this.options.deferredPollMs);
    this.timer.unref();
  }

  async onModuleDestroy(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.loop?.end();
    this.loop = null;
    await this.running;
  }

  /** Resumes every deferred attempt due now. */
  async runDue(): Promise<void> {
    const due = await this.deferred.claimDue(new Date(), this.options.deferredLeaseMs, 20);
    for (const attempt of due) {
      // The platform's call is over within the lease, or the attempt counts as cut off.
      this.loop?.beat(this.options.deferredLeaseMs);
      const result = await this.publisher.resume(attempt);
      if (!result) continue;
      const command = recordPublishResultCommand(attempt.key, result, new Date());
      await this.bus.publish(Topics.postCommands, [{ key: attempt.key.postUuid, value: command, headers: { [Headers.messageId]: command.commandId } }]);
      await this.deferred.remove(attempt.key);
    }
  }
}
