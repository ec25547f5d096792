export interface WakeUpInput {
  /** Due time of the earliest timer free to fire, or null when there is none. */
  nextDueAt: Date | null;
  now: Date;
  scanIntervalMs: number;
  /** Rounds in a row in which a timer could not be fired. */
  failures: number;
  retryDelayMs: number;
}

/**
 * How long to sleep before the next round: exactly until the earliest timer is due when it falls
 * within the scan interval (so it fires on time, not on a tick), otherwise one scan interval.
 * After failures it backs off, doubling, up to the scan interval, so a bus outage is not hammered.
 */
export function wakeUpDelay({ nextDueAt, now, scanIntervalMs, failures, retryDelayMs }: WakeUpInput): number {
  const untilDue = nextDueAt === null ? scanIntervalMs : nextDueAt.getTime() - now.getTime();
  const planned = Math.min(Math.max(untilDue, 0), scanIntervalMs);
  if (failures === 0) return planned;
  const backoff = Math.min(retryDelayMs * 2 ** (failures - 1), scanIntervalMs);
  return Math.max(planned, backoff);
}
