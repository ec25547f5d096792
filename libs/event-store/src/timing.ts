/**
 * Wakes a sleeping loop early. A ring that arrives while nobody waits is remembered, so an
 * append that lands between a read and the next wait is not slept through.
 */
export class Doorbell {
  private rung = false;
  private wake: (() => void) | null = null;

  ring(): void {
    if (this.wake) this.wake();
    else this.rung = true;
  }

  /** Resolves after `ms`, or earlier on a ring. */
  wait(ms: number): Promise<void> {
    if (this.rung) {
      this.rung = false;
      return Promise.resolve();
    }
    return new Promise((resolve) => {
      const done = (): void => {
        clearTimeout(timer);
        this.wake = null;
        resolve();
      };
      const timer = setTimeout(done, ms);
      this.wake = done;
    });
  }
}

/** Resolves after `ms`, or at once when `signal` aborts. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (signal.aborted) return Promise.resolve();
  return new Promise((resolve) => {
    const onAbort = (): void => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}
