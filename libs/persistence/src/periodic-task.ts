import { Logger } from '@nestjs/common';
import { errorMessage } from '@app/errors';

/**
 * Runs `task` now and then every `everyMs` until stopped, one run at a time; a failed run is
 * logged and the next one comes as planned. The timer never keeps the process alive.
 */
export class PeriodicTask {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> = Promise.resolve();

  constructor(
    private readonly name: string,
    private readonly everyMs: number,
    private readonly task: () => Promise<void>,
    private readonly logger = new Logger(name),
  ) {}

  /**
   * `onTurn` (readiness) hears of the start of each run (0: it must end soon) and of its end, done
   * or failed, with the time to the next one.
   */
  start(onTurn?: (nextTurnWithinMs: number) => void): void {
    if (this.timer) return;
    const run = () => {
      this.running = this.running
        .then(() => {
          onTurn?.(0);
          return this.task();
        })
        .catch((error: unknown) => this.logger.warn(`${this.name} failed: ${errorMessage(error)}`))
        .then(() => onTurn?.(this.everyMs));
    };
    run();
    this.timer = setInterval(run, this.everyMs);
    this.timer.unref();
  }

  /** Stops the timer and waits for a run in progress. */
  async stop(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    await this.running;
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
