import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Headers, PostCommandMessage, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { PeriodicTask } from '@app/persistence';
import { READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { PublishingWatchStore } from './publishing-watch-store';

/**
 * Finds publishing rounds that outlived PUBLISHING_STUCK_AFTER_MS without all their results (a
 * result lost, a start of publishing dead-lettered) and has the post-service end them: the
 * accounts still without a result fail with a message saying so, so a post never stays
 * `publishing`. Reminds again after the same time if the round is still open. Each check beats
 * for readiness.
 */
@Injectable()
export class PublishingWatchdog implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('PublishingWatchdog');
  private readonly task: PeriodicTask;

  constructor(
    private readonly watch: PublishingWatchStore,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
    @Inject(READINESS_WATCH) private readonly readiness: ReadinessWatch,
  ) {
    const stuckAfterMs = config.publishingStuckAfterMs;
    const everyMs = Math.min(60_000, Math.max(250, Math.floor(stuckAfterMs / 4)));
    this.task = new PeriodicTask('publishing watchdog', everyMs, () => this.check(new Date()), this.logger);
  }

  onApplicationBootstrap(): void {
    this.task.start(this.readiness);
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  async check(now: Date): Promise<void> {
    const stuckAfterMs = this.config.publishingStuckAfterMs;
    const before = new Date(now.getTime() - stuckAfterMs);
    for (const round of await this.watch.takeStuck(before, before, now)) {
      const waitedMs = now.getTime() - round.startedAt.getTime();
      const command: PostCommandMessage = {
        commandId: `expire-publishing:${round.postUuid}:${round.revision}:${now.getTime()}`,
        type: 'ExpirePublishing',
        postUuid: round.postUuid,
        waitedMs,
        sentAt: now.toISOString(),
      };
      await this.bus.publish(Topics.postCommands, [{ key: round.postUuid, value: command, headers: { [Headers.messageId]: command.commandId } }]);
      this.logger.warn(`Post ${round.postUuid}: publishing started ${Math.round(waitedMs / 1000)} s ago and results are missing; asked to end the round`);
    }
  }
}
