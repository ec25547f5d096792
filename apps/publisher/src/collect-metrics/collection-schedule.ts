const MINUTE_MS = 60_000;

/** A reading about to be made: the point it records, and where the schedule goes on after it. */
export interface Reading {
  /** `<minutes>m` for a point of the schedule, `refresh:<instant>` for a refresh asked for. */
  point: string;
  /** Points of the schedule read or passed once this reading is recorded. */
  nextPoint: number;
  /** When the point after it is due; null when none is left. */
  nextDueAt: Date | null;
}

/** How long the database clock may run ahead of this process's: a point due by it counts as due. */
const CLOCK_SLACK_MS = 1_000;

/**
 * The points of ANALYTICS_SCHEDULE (minutes after publishing) of one published account. A reading
 * records the latest point that has come: points that passed while nothing read them (the service
 * was down) are not read one by one at the same moment, they are passed.
 */
export class CollectionSchedule {
  constructor(private readonly minutes: readonly number[]) {}

  /** When point `index` is due, or null past the last. */
  dueAt(publishedAt: Date, index: number): Date | null {
    const minutes = this.minutes[index];
    return minutes === undefined ? null : new Date(publishedAt.getTime() + minutes * MINUTE_MS);
  }

  /**
   * The reading to make at `now` of a collection at `nextPoint`: the latest point come (at least
   * `nextPoint` when the claim found it due for its schedule), else the refresh asked for.
   */
  readingAt(now: Date, publishedAt: Date, nextPoint: number, refreshPoint: string | null): Reading {
    let come = -1;
    for (let index = nextPoint; index < this.minutes.length; index++) {
      if (this.dueAt(publishedAt, index)!.getTime() <= now.getTime() + CLOCK_SLACK_MS) come = index;
    }
    if (come < 0 && refreshPoint === null && nextPoint < this.minutes.length) come = nextPoint;
    if (come < 0) return { point: refreshPoint ?? `refresh:${now.toISOString()}`, nextPoint, nextDueAt: this.dueAt(publishedAt, nextPoint) };
    return { point: `${this.minutes[come]}m`, nextPoint: come + 1, nextDueAt: this.dueAt(publishedAt, come + 1) };
  }
}
