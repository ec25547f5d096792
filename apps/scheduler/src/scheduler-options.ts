export interface SchedulerOptions {
  /**
   * Longest sleep between two looks at the timer table. A timer due within this window gets an
   * exact in-memory wake-up; later ones are found by the next look.
   */
  scanIntervalMs: number;
  /**
   * How long a claimed timer stays reserved for the replica firing it. A timer claimed by a replica
   * that crashed fires again once this has passed; a slow send outliving it only risks a duplicate,
   * which the Post aggregate ignores.
   */
  claimLeaseMs: number;
  /** Timers claimed per round trip. */
  batchSize: number;
  /** First pause after the bus refused a command; it doubles up to the scan interval. */
  retryDelayMs: number;
}

export const SCHEDULER_OPTIONS = Symbol('SCHEDULER_OPTIONS');

export const defaultSchedulerOptions: SchedulerOptions = {
  scanIntervalMs: 30_000,
  claimLeaseMs: 10_000,
  batchSize: 100,
  retryDelayMs: 1_000,
};
