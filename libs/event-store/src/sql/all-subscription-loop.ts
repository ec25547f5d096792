import { Logger } from '@nestjs/common';
import { AllSubscription, RecordedEvent } from '../event-store.port';
import { Doorbell, pause } from '../timing';
import { errorMessage } from '@app/errors';

export interface SubscriptionTiming {
  /** How often the store is read for appends made by other processes. */
  pollIntervalMs: number;
  /** Pause before a failed handler (or a failed read) is tried again. */
  retryDelayMs: number;
  /** Events read per query while catching up. */
  batchSize: number;
}

type ReadAll = (afterPosition: number, limit: number) => Promise<RecordedEvent[]>;

/**
 * Catches up from a position, then follows the global order: woken by `notify()` for appends of
 * this process and by polling for everyone else's. Delivers one event at a time and retries a
 * failed one until it succeeds or the subscription stops.
 */
export class AllSubscriptionLoop implements AllSubscription {
  private readonly logger = new Logger('AllSubscription');
  private readonly doorbell = new Doorbell();
  private readonly stopping = new AbortController();
  private readonly finished: Promise<void>;

  constructor(
    private readonly readAll: ReadAll,
    private position: number,
    private readonly onEvent: (event: RecordedEvent) => Promise<void>,
    private readonly timing: SubscriptionTiming,
    private readonly onStopped: () => void,
  ) {
    this.finished = this.run();
  }

  notify(): void {
    this.doorbell.ring();
  }

  async stop(): Promise<void> {
    this.stopping.abort();
    this.doorbell.ring();
    await this.finished;
  }

  private get stopped(): boolean {
    return this.stopping.signal.aborted;
  }

  private async run(): Promise<void> {
    try {
      while (!this.stopped) {
        const batch = await this.readNextBatch();
        if (batch === null) continue;
        for (const event of batch) {
          if (!(await this.deliver(event))) return;
          this.position = event.position;
        }
        if (batch.length < this.timing.batchSize) await this.doorbell.wait(this.timing.pollIntervalMs);
      }
    } finally {
      this.onStopped();
    }
  }

  /** Null when the read failed; it is tried again after a pause. */
  private async readNextBatch(): Promise<RecordedEvent[] | null> {
    try {
      return await this.readAll(this.position, this.timing.batchSize);
    } catch (error) {
      this.logger.error(
        `Reading events after position ${this.position} failed, retrying in ${this.timing.retryDelayMs} ms: ${errorMessage(error)}`,
      );
      await pause(this.timing.retryDelayMs, this.stopping.signal);
      return null;
    }
  }

  /** Resolves true once the handler accepted the event, false if the subscription stopped first. */
  private async deliver(event: RecordedEvent): Promise<boolean> {
    for (let attempt = 1; !this.stopped; attempt++) {
      try {
        await this.onEvent(event);
        return true;
      } catch (error) {
        this.logger.warn(
          `Handler failed on ${event.type} at position ${event.position} (${event.streamId}@${event.revision}), ` +
            `attempt ${attempt}; retrying in ${this.timing.retryDelayMs} ms: ${errorMessage(error)}`,
        );
        await pause(this.timing.retryDelayMs, this.stopping.signal);
      }
    }
    return false;
  }
}
