/**
 * The one way tests wait for what happens in the background (a consumer handling a message, a
 * loop turning, a row appearing, a server answering): look, pause, look again, and give up after a
 * while saying what was awaited. It imports nothing, so that every test may use it, down to the
 * unit tests of the generic libraries (`@app/testing/eventually`).
 */

/** How long to wait, and how often to look. */
export interface Patience {
  /** When to give up (default 5 s). */
  timeoutMs?: number;
  /** The pause between two looks (default 10 ms). */
  intervalMs?: number;
}

/** What a check gives while what it waits for has not happened yet. */
export type NotYet = undefined | null | false | 0 | '';

const DEFAULT_TIMEOUT_MS = 5_000;
const DEFAULT_INTERVAL_MS = 10;

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Looks with `check` (a sync or an async function) until it gives something truthy, and resolves
 * with it: `true` for a condition, what a probe found (a row, a message, a reply). After
 * `timeoutMs`, fails with `Timed out after <timeoutMs> ms waiting for <what>`; `what` may be a
 * function, read then, to tell what was seen last. An error thrown by `check` ends the wait at once.
 */
export async function eventually<T>(check: () => T | PromiseLike<T>, what: string | (() => string), patience: Patience = {}): Promise<Exclude<T, NotYet>> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, intervalMs = DEFAULT_INTERVAL_MS } = patience;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const found = await check();
    if (found) return found as Exclude<T, NotYet>;
    if (Date.now() > deadline) throw new Error(`Timed out after ${timeoutMs} ms waiting for ${typeof what === 'function' ? what() : what}`);
    await pause(intervalMs);
  }
}

/**
 * Runs `assertion` (a sync or an async function, typically `expect`s) until it passes, and resolves
 * with what it returned. After `timeoutMs`, fails with its last error, its message prefixed with how
 * long it was tried: the failure shows what was found, as the assertion tells it.
 */
export async function eventuallyPasses<T>(assertion: () => T | PromiseLike<T>, patience: Patience = {}): Promise<T> {
  const { timeoutMs = DEFAULT_TIMEOUT_MS, intervalMs = DEFAULT_INTERVAL_MS } = patience;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    try {
      return await assertion();
    } catch (error) {
      if (Date.now() > deadline) {
        if (error instanceof Error) error.message = `Still failing after ${timeoutMs} ms: ${error.message}`;
        throw error;
      }
    }
    await pause(intervalMs);
  }
}
