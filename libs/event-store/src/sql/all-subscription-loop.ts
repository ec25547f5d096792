import { Logger } from '@nestjs/common';
import { AllSubscription, RecordedEvent } from '../event-store.port';
import { Doorbell, pause } from '../timing';
import { errorMessage } from '@app/errors';
import { FollowOnQueue } from '@app/messaging';

export interface SubscriptionTiming {
  /** How often the store is read for appends made by other processes. */
  pollIntervalMs: number;
  /** Pause before a failed handler (or a failed read) is tried again. */
  retryDelayMs: number;
  /** Events read per query while catching up. */
  batchSize: number;
}

type ReadAll = (afterPosition: number, limit: number) => Promise<RecordedEvent[]>;

/** Events handed over at append kept at most; beyond, the subscription reads the store instead. */
const MAX_HANDED_OVER = 1_000;

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
  /**
   * What this process appended since the last read, as the store handed it over (by position):
   * delivered from here instead of read back when it follows on from the position (no query, no parse).
   */
  private readonly handedOver = new FollowOnQueue<RecordedEvent>(MAX_HANDED_OVER, (event) => event.position);

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

  /**
   * Events this process just committed, given as the store would read them back. Only a store whose
   * database no other process writes hands them over: it is then sure that nothing else comes
   * between two of its positions that follow on from each other.
   */
  handOver(events: readonly RecordedEvent[]): void {
    this.handedOver.add(events);
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
    const handedOver = this.handedOver.take(this.position + 1, this.timing.batchSize);
    if (handedOver) return handedOver;
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
