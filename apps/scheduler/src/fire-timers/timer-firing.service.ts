import { Inject, Injectable, Logger } from '@nestjs/common';
import { Headers, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus, traceLaterWork } from '@app/messaging';
import { LoopTurn, WakeUpLoop } from '@app/persistence';
import { READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { SCHEDULER_OPTIONS, SchedulerOptions } from '../scheduler-options';
import { DueTimer, TimerStore } from '../timers/timer-store';
import { startPublishingCommand } from './start-publishing-command';
import { errorMessage } from '@app/errors';

/**
 * Fires due timers: sends StartPublishing to `post-commands`, then deletes the timer. A crash in
 * between sends the command again later; the Post aggregate ignores the duplicate.
 *
 * A wake-up loop: each round fires what is due and sleeps until the next timer is due (by the
 * database clock), or a scan interval at most, so timers other replicas were told about are found
 * too; a timer set here wakes it for that timer's time. Timers that came due while no replica ran
 * fire at start. A round the bus refused is followed by a pause that doubles, up to the scan
 * interval. Rounds beat for readiness, idle ones too, saying when the next is planned.
 */
@Injectable()
export class TimerFiring {
  private readonly logger = new Logger('Scheduler');
  private readonly wakeUp: WakeUpLoop;

  constructor(
    private readonly timers: TimerStore,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(SCHEDULER_OPTIONS) private readonly options: SchedulerOptions,
    @Inject(READINESS_WATCH) private readonly readiness: ReadinessWatch,
  ) {
    const { scanIntervalMs, retryDelayMs } = options;
    this.wakeUp = new WakeUpLoop(
      { name: 'scheduler timer firing', idleRecheckMs: scanIntervalMs, failurePauseMs: retryDelayMs, logger: this.logger },
      (turn) => this.fireAllDue(turn),
    );
  }

  start(): void {
    this.wakeUp.start(this.readiness);
  }

  stop(): Promise<void> {
    return this.wakeUp.stop();
  }

  /** A timer was set: wake up at its due time if that comes before the planned wake-up. */
  timerSet(dueAt: Date): void {
    this.wakeUp.wakeWhenDue(dueAt.getTime() - Date.now());
  }

  /** Fires every timer due now, batch by batch; in how long the next one is due. */
  private async fireAllDue(turn: LoopTurn): Promise<number | null> {
    const { claimLeaseMs, batchSize } = this.options;
    for (;;) {
      const claimed = await this.timers.claimDue(claimLeaseMs, batchSize);
      if (claimed.length > 0) {
        await this.fire(claimed);
        // A long backlog fired batch after batch is progress: readiness hears of each batch.
        turn.progressed();
      }
      if (claimed.length < batchSize || turn.stopping) break;
      // A backlog is claimed and fired synchronously on SQLite: let the process's I/O in between batches.
      await new Promise((resolve) => setImmediate(resolve));
    }
    return this.timers.msUntilNextDue();
  }

  /**
   * Sends the StartPublishing commands of a claimed batch in one publish, so that posts due at
   * the same moment do not queue behind one round trip each, then removes their timers. A batch
   * the bus refused is given back, and the round fails.
   */
  private async fire(timers: readonly DueTimer[]): Promise<void> {
    const sentAt = new Date();
    const messages = timers.map((timer) => {
      const command = startPublishingCommand(timer, sentAt);
      // Each command goes on in the trace of the request that scheduled its post (a new one, linked to it, after an hour).
      const trace = traceLaterWork('scheduled post due', timer.trace, sentAt);
      return { key: command.postUuid, value: command, headers: { [Headers.messageId]: command.commandId, ...trace } };
    });
    try {
      await this.bus.publish(Topics.postCommands, messages);
    } catch (error) {
      await this.timers.release(timers).catch(() => undefined);
      throw new Error(`Could not send StartPublishing for ${describe(timers)}; will try again: ${errorMessage(error)}`, { cause: error });
    }
    for (const timer of timers) {
      this.logger.log(
        `Fired post ${timer.postUuid} (schedule revision ${timer.scheduledRevision}), ${sentAt.getTime() - timer.dueAt.getTime()} ms after its due time`,
      );
    }
    try {
      await this.timers.removeFired(timers);
    } catch (error) {
      // The leases run out and the timers fire again: duplicates the Post aggregate ignores.
      this.logger.warn(`Could not remove the fired timers of ${describe(timers)}: ${errorMessage(error)}`);
    }
  }
}

const describe = (timers: readonly DueTimer[]): string =>
  timers.length === 1 ? `post ${timers[0]!.postUuid}` : `${timers.length} posts (${timers[0]!.postUuid}, ...)`;
