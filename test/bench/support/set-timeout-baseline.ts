/**
 * The floor for "on time" in this process: `count` bare setTimeout callbacks armed for `dueAtMs`.
 * Each records how late it ran by the wall clock, to a fraction of a millisecond (a bare timer is
 * often less than 1 ms late), so it is comparable with the service's times.
 */
export function armSetTimeoutBaseline(count: number, dueAtMs: number): Promise<number[]> {
  return new Promise((done) => {
    const lateness: number[] = [];
    for (let i = 0; i < count; i++) {
      setTimeout(
        () => {
          lateness.push(wallClockMs() - dueAtMs);
          if (lateness.length === count) done(lateness);
        },
        Math.max(dueAtMs - Date.now(), 0),
      );
    }
  });
}

const wallClockMs = (): number => performance.timeOrigin + performance.now();
