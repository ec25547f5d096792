import { Logger } from '@nestjs/common';

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

  start(): void {
    if (this.timer) return;
    const run = () => {
      this.running = this.running.then(() => this.task()).catch((error: unknown) => this.logger.warn(`${this.name} failed: ${error instanceof Error ? error.message : String(error)}`));
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
 * Removes, every hour, what is older than `days` (nothing at all when `days` is 0): `prune` gets
 * the cutoff and says how many rows went, which is logged with `what`.
 */
export class RetentionTask {
  private readonly task: PeriodicTask;

  constructor(
    name: string,
    private readonly days: number,
    prune: (cutoff: Date) => Promise<number>,
    what: string,
    logger = new Logger(name),
  ) {
    this.task = new PeriodicTask(name, HOUR_MS, async () => {
      const removed = await prune(RetentionTask.cutoff(new Date(), days));
      if (removed > 0) logger.log(`Removed ${removed} ${what} older than ${days} days`);
    }, logger);
  }

  static cutoff(now: Date, days: number): Date {
    return new Date(now.getTime() - days * DAY_MS);
  }

  start(): void {
    if (this.days > 0) this.task.start();
  }

  stop(): Promise<void> {
    return this.task.stop();
  }
}
