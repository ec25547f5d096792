import { Logger } from '@nestjs/common';
import { WakeUpLoop } from './due-work/wake-up-loop';

/**
 * Runs `task` now and then `everyMs` after each run until stopped, one run at a time: a wake-up
 * loop whose every round is due again after `everyMs`. A failed run is logged and the next one
 * comes as planned. `start(readiness)` has readiness hear of the start of each run (it must end
 * soon) and of its end, with the time to the next one.
 */
export class PeriodicTask extends WakeUpLoop {
  constructor(name: string, everyMs: number, task: () => Promise<void>, logger?: Logger) {
    super({ name, idleRecheckMs: everyMs, failurePauseMs: everyMs, dueMarginMs: 0, logger }, async () => {
      await task();
      return everyMs;
    });
  }
}

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;

/**
 * A service's retention of one kind of row: every hour from the start of the application until
 * its shutdown, `removeBefore` removes what is older than `days` (nothing at all when `days` is 0)
 * and says how many rows went, which is logged with `what`. A subclass is a Nest provider that
 * names the rows and the rule; `prune(now)` runs the rule once (for tests).
 */
export abstract class Retention {
  private readonly task: PeriodicTask;

  protected constructor(
    name: string,
    private readonly days: number,
    what: string,
  ) {
    const logger = new Logger(name);
    this.task = new PeriodicTask(name, HOUR_MS, async () => {
      const removed = await this.prune(new Date());
      if (removed > 0) logger.log(`Removed ${removed} ${what} older than ${days} days`);
    }, logger);
  }

  static cutoff(now: Date, days: number): Date {
    return new Date(now.getTime() - days * DAY_MS);
  }

  /** Removes what is older than `now` minus the retention; how many. */
  prune(now: Date): Promise<number> {
    return this.removeBefore(Retention.cutoff(now, this.days));
  }

  onApplicationBootstrap(): void {
    if (this.days > 0) this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  protected abstract removeBefore(cutoff: Date): Promise<number>;
}
