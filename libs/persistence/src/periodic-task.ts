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
