import { Logger } from '@nestjs/common';
import { errorMessage } from '@app/errors';
import { retryDelayMs } from '@app/retry';

/** What a loop tells readiness while it runs (the shape of the runtime's LoopBeat). */
export interface LoopBeats {
  /** The loop turned; `nextTurnWithinMs` is the longest it means to wait before it turns again. */
  beat(nextTurnWithinMs: number): void;
  /** The loop stopped on purpose. */
  end(): void;
}

/** Where a loop reports to readiness (the runtime's ReadinessWatch). */
export interface LoopWatch {
  loop(name: string): LoopBeats;
}

export interface WakeUpLoopOptions {
  /** Names the loop to readiness and in its log lines. */
  name: string;
  /** Longest sleep: with nothing planned sooner, the loop turns again after this (work other replicas were told of, leases that ran out). */
  idleRecheckMs: number;
  /** Pause after a failed round; it doubles with each failure in a row, up to `idleRecheckMs`. */
  failurePauseMs: number;
  /**
   * Added to the wait for work due in some milliseconds: the work is due by the database clock,
   * which the timer of this process may reach a moment early. Default 5 ms.
   */
  dueMarginMs?: number;
  logger?: Logger;
}

/** What a round can tell its loop while it runs. */
export interface LoopTurn {
  /**
   * The round did some work (it claimed and handled a batch): readiness hears the loop is awake, and
   * that its next step comes within `nextStepWithinMs` (a call that may last as long as a lease).
   */
  progressed(nextStepWithinMs?: number): void;
  /** `stop()` was called: a long round ends early. */
  readonly stopping: boolean;
}

/**
 * One round of a loop: does what is due, and says in how many milliseconds more work is due (0:
 * now), or null when none is known (the loop looks again after `idleRecheckMs`). Throwing means the
 * round failed: the loop logs it and pauses before the next.
 */
export type LoopRound = (turn: LoopTurn) => Promise<number | null | void>;

const DEFAULT_DUE_MARGIN_MS = 5;

/**
 * Runs rounds one at a time: at start, when woken (`wake()`), when the work the last round found
 * comes due, and at least every `idleRecheckMs`. A failed round is followed by a pause that
 * doubles while rounds fail. A round that did nothing yet says work is due at once (rows another
 * replica was claiming) is followed by a pause that doubles too, so that the loop never spins.
 * Readiness hears `beat(0)` when the loop wakes and as a round makes progress, and, as it goes to
 * sleep, how long it sleeps. The timer never keeps the process alive.
 */
export class WakeUpLoop {
  private readonly logger: Logger;
  private readonly dueMarginMs: number;
  private beats: LoopBeats | null = null;
  private stopped = true;
  private running: Promise<void> | null = null;
  /** wake() came during the round: the next one follows at once. */
  private wokenMeanwhile = false;
  /** The earliest turn asked for (wakeWithin) during the round. */
  private askedAt = Number.POSITIVE_INFINITY;
  private timer: NodeJS.Timeout | null = null;
  private timerAt = Number.POSITIVE_INFINITY;
  private failures = 0;
  /** Rounds in a row that did nothing yet said work was due at once. */
  private idleDueRounds = 0;

  constructor(
    private readonly options: WakeUpLoopOptions,
    private readonly round: LoopRound,
  ) {
    this.logger = options.logger ?? new Logger(options.name);
    this.dueMarginMs = options.dueMarginMs ?? DEFAULT_DUE_MARGIN_MS;
  }

  /** Starts the loop with a round now; `readiness` watches it from now until `stop()`. */
  start(readiness?: LoopWatch): void {
    if (!this.stopped) return;
    this.stopped = false;
    this.beats = readiness?.loop(this.options.name) ?? null;
    this.wake();
  }

  /** Stops the loop and waits for the round under way. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.disarm();
    this.beats?.end();
    this.beats = null;
    await this.running;
  }

  /** Turns now, or right after the round under way. */
  wake(): void {
    if (this.stopped) return;
    if (this.running) {
      this.wokenMeanwhile = true;
      return;
    }
    this.disarm();
    this.turn();
  }

  /** Turns within `ms` at the latest (a turn planned earlier stands). */
  wakeWithin(ms: number): void {
    if (this.stopped) return;
    const at = Date.now() + this.capped(ms);
    if (this.running) this.askedAt = Math.min(this.askedAt, at);
    else if (at < this.timerAt) this.sleep(at - Date.now(), false);
  }

  /** Work comes due in `ms` by the database clock: turns then. */
  wakeWhenDue(ms: number): void {
    this.wakeWithin(Math.max(0, ms) + this.dueMarginMs);
  }

  private turn(): void {
    this.beats?.beat(0);
    let progressed = false;
    const isStopped = () => this.stopped;
    const turn: LoopTurn = {
      progressed: (nextStepWithinMs = 0) => {
        progressed = true;
        this.beats?.beat(nextStepWithinMs);
      },
      get stopping() {
        return isStopped();
      },
    };
    this.running = this.run(turn, () => progressed).then((plannedMs) => {
      this.running = null;
      const askedMs = this.askedAt - Date.now();
      this.askedAt = Number.POSITIVE_INFINITY;
      if (this.stopped) return;
      if (this.wokenMeanwhile) {
        this.wokenMeanwhile = false;
        return this.turn();
      }
      this.sleep(Math.min(plannedMs, Math.max(0, askedMs)), true);
    });
  }

  /** Runs the round; how long to sleep after it. */
  private async run(turn: LoopTurn, progressed: () => boolean): Promise<number> {
    let dueInMs: number | null;
    try {
      dueInMs = (await this.round(turn)) ?? null;
      this.failures = 0;
    } catch (error) {
      this.failures++;
      const pauseMs = this.capped(retryDelayMs({ firstDelayMs: this.options.failurePauseMs }, this.failures));
      this.logger.error(`${this.options.name}: ${errorMessage(error)} (next try within ${pauseMs} ms)`);
      return pauseMs;
    }
    if (dueInMs === null) {
      this.idleDueRounds = 0;
      return this.options.idleRecheckMs;
    }
    if (dueInMs <= 0 && !progressed()) {
      this.idleDueRounds++;
      return this.capped(retryDelayMs({ firstDelayMs: 2 * Math.max(1, this.dueMarginMs) }, this.idleDueRounds));
    }
    this.idleDueRounds = 0;
    return this.capped(dueInMs <= 0 ? 0 : dueInMs + this.dueMarginMs);
  }

  private sleep(ms: number, beat: boolean): void {
    this.disarm();
    this.timerAt = Date.now() + ms;
    this.timer = setTimeout(() => {
      this.timer = null;
      this.timerAt = Number.POSITIVE_INFINITY;
      this.wake();
    }, ms);
    this.timer.unref();
    if (beat) this.beats?.beat(ms);
  }

  private disarm(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.timerAt = Number.POSITIVE_INFINITY;
  }

  private capped(ms: number): number {
    return Math.min(Math.max(0, Math.ceil(ms)), this.options.idleRecheckMs);
  }
}
