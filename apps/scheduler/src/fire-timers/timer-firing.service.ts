import { Inject, Injectable, Logger } from '@nestjs/common';
import { Headers, Topics } from '@app/contracts';
import { MESSAGE_BUS, MessageBus } from '@app/messaging';
import { LoopBeat, READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { SCHEDULER_OPTIONS, SchedulerOptions } from '../scheduler-options';
import { DueTimer, TimerStore } from '../timers/timer-store';
import { startPublishingCommand } from './start-publishing-command';
import { wakeUpDelay } from './wake-up-delay';
import { errorMessage } from '@app/errors';

/**
 * Fires due timers: sends StartPublishing to `post-commands`, then deletes the timer. A crash in
 * between sends the command again later; the Post aggregate ignores the duplicate.
 *
 * One in-memory wake-up is kept for the earliest timer due within the scan interval, so a post
 * fires within moments of its time; the table is looked at again at least every scan interval
 * for timers other replicas were told about. Timers that came due while no replica ran fire at
 * start. Each round ends with a beat for readiness, idle ones too, saying when the next is planned.
 */
@Injectable()
export class TimerFiring {
  private readonly logger = new Logger('Scheduler');
  private wakeUpHandle: NodeJS.Timeout | null = null;
  private wakeUpAt = Number.POSITIVE_INFINITY;
  private running: Promise<void> | null = null;
  private rerun = false;
  private stopped = true;
  private failures = 0;
  private loop: LoopBeat | null = null;

  constructor(
    private readonly timers: TimerStore,
    @Inject(MESSAGE_BUS) private readonly bus: MessageBus,
    @Inject(SCHEDULER_OPTIONS) private readonly options: SchedulerOptions,
    @Inject(READINESS_WATCH) private readonly readiness: ReadinessWatch,
  ) {}

  start(): void {
    this.stopped = false;
    this.loop ??= this.readiness.loop('scheduler timer firing');
    this.wake();
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.clearWakeUp();
    this.loop?.end();
    this.loop = null;
    await this.running;
  }

  /** A timer was set: wake up earlier if it is due before the planned wake-up. */
  timerSet(dueAt: Date): void {
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    if (dueAt.getTime() < this.wakeUpAt) this.planWakeUp(Math.max(dueAt.getTime() - Date.now(), 0));
  }

  private wake(): void {
    this.clearWakeUp();
    if (this.stopped) return;
    if (this.running) {
      this.rerun = true;
      return;
    }
    // Awake: from now on the round must end within the allowance, whatever sleep was planned.
    this.loop?.beat(0);
    this.running = this.round().finally(() => {
      this.running = null;
      if (this.rerun) {
        this.rerun = false;
        this.wake();
      }
    });
  }

  private async round(): Promise<void> {
    let ok: boolean;
    try {
      ok = await this.fireAllDue();
    } catch (error) {
      this.logger.error(`Could not read the due timers: ${errorMessage(error)}`);
      ok = false;
    }
    let nextDueAt: Date | null = null;
    try {
      nextDueAt = await this.timers.nextDueAt(new Date());
    } catch (error) {
      this.logger.error(`Could not read the next due time: ${errorMessage(error)}`);
      ok = false;
    }
    this.failures = ok ? 0 : this.failures + 1;
    if (this.stopped) return;
    if (this.rerun) return this.loop?.beat(0);
    const { scanIntervalMs, retryDelayMs } = this.options;
    const delayMs = wakeUpDelay({ nextDueAt, now: new Date(), scanIntervalMs, failures: this.failures, retryDelayMs });
    this.loop?.beat(delayMs);
    this.planWakeUp(delayMs);
  }

  /** Fires every timer due now, batch by batch; false when a batch could not be fired. */
  private async fireAllDue(): Promise<boolean> {
    const { claimLeaseMs, batchSize } = this.options;
    for (;;) {
      const claimed = await this.timers.claimDue(new Date(), claimLeaseMs, batchSize);
      if (claimed.length > 0 && !(await this.fire(claimed))) return false;
      // A long backlog fired batch after batch is progress: readiness hears of each batch.
      if (claimed.length > 0) this.loop?.beat(0);
      if (claimed.length < batchSize || this.stopped) return true;
    }
  }

  /**
   * Sends the StartPublishing commands of a claimed batch in one publish, so that posts due at
   * the same moment do not queue behind one round trip each, then removes their timers.
   */
  private async fire(timers: readonly DueTimer[]): Promise<boolean> {
    const sentAt = new Date();
    const commands = timers.map((timer) => startPublishingCommand(timer, sentAt));
    try {
      await this.bus.publish(
        Topics.postCommands,
        commands.map((command) => ({ key: command.postUuid, value: command, headers: { [Headers.messageId]: command.commandId } })),
      );
    } catch (error) {
      this.logger.error(`Could not send StartPublishing for ${describe(timers)}; will try again: ${errorMessage(error)}`);
      await this.timers.release(timers).catch(() => undefined);
      return false;
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
    return true;
  }

  private planWakeUp(delayMs: number): void {
    this.clearWakeUp();
    this.wakeUpAt = Date.now() + delayMs;
    this.wakeUpHandle = setTimeout(() => this.wake(), delayMs);
  }

  private clearWakeUp(): void {
    if (this.wakeUpHandle) clearTimeout(this.wakeUpHandle);
    this.wakeUpHandle = null;
    this.wakeUpAt = Number.POSITIVE_INFINITY;
  }
}

const describe = (timers: readonly DueTimer[]): string =>
  timers.length === 1 ? `post ${timers[0]!.postUuid}` : `${timers.length} posts (${timers[0]!.postUuid}, ...)`;
