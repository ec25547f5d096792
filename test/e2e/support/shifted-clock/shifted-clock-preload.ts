/**
 * The side of the shifted clock that runs inside each process of the service under test, loaded
 * before the app with `--import` (NODE_OPTIONS; `ShiftedClock.env` sets it). When the process's
 * environment names the clock's directory (SHIFTED_CLOCK_DIR), it:
 *
 * - adds the directory's offset to the process's clock: `Date.now()`, `new Date()` and `Date()`
 *   (and so the embedded database, which reads that clock); durations (`performance.now()`) and
 *   instants given to `Date` are left as they are;
 * - reads the offset again whenever the test rewrites the file, and treats the jump as time that
 *   passed: a `setTimeout` whose time came within the jump runs at once, one due later runs that
 *   much sooner, so that a loop asleep until work is due turns when it is (intervals are durations,
 *   and are left as they are);
 * - says which offset it applies in a file of its own (`seen-<pid>`), which the test waits for.
 *
 * Node.js runs this file as it is (TypeScript without type checks), so it imports Node.js alone.
 * Imported where the variable is not set (by the test), it only names the files.
 */
import { readFileSync, renameSync, rmSync, watch, writeFileSync } from 'node:fs';
import { join } from 'node:path';

/** The variable that names the clock's directory. */
export const SHIFTED_CLOCK_DIR = 'SHIFTED_CLOCK_DIR';
/** The file of the directory that holds the offset, in milliseconds: a whole number, 0 or more. */
export const OFFSET_FILE = 'offset';
/** Where each process says which offset it applies: `seen-<pid>`. */
export const SEEN_PREFIX = 'seen-';

/** What a timer of `setTimeout` needs to be run sooner: when it is due by the shifted clock, and how to run it. */
interface ArmedTimer {
  dueAt: number;
  delayMs: number;
  run(): void;
  /** What runs it instead of the timer itself, once a shift brought it forward. */
  standIn?: NodeJS.Timeout | NodeJS.Immediate;
}

/** Node.js's own limit: a delay that is not a number from 1 to 2^31 - 1 is 1 ms. */
const TIMEOUT_MAX = 2 ** 31 - 1;

const clockDir = process.env[SHIFTED_CLOCK_DIR];
if (clockDir) shiftTheClock(clockDir);

function shiftTheClock(dir: string): void {
  const RealDate = Date;
  let offsetMs = readOffset(dir) ?? 0;
  const now = (): number => RealDate.now() + offsetMs;

  const ShiftedDate = new Proxy(RealDate, {
    construct: (target, args, newTarget) => Reflect.construct(target, args.length === 0 ? [now()] : args, newTarget),
    apply: () => new RealDate(now()).toString(),
    get: (target, property, receiver) => (property === 'now' ? now : Reflect.get(target, property, receiver)),
  });
  Object.defineProperty(RealDate.prototype, 'constructor', { value: ShiftedDate, writable: true, configurable: true });
  globalThis.Date = ShiftedDate;

  const timers = shiftableTimers(now);
  const shiftTo = (next: number) => {
    if (next <= offsetMs) return;
    offsetMs = next;
    timers.bringForward();
  };
  const acknowledge = () => writeAtomically(join(dir, `${SEEN_PREFIX}${process.pid}`), String(offsetMs));
  const watcher = watch(dir, (_, file) => {
    if (file !== OFFSET_FILE) return;
    const next = readOffset(dir);
    if (next === null) return;
    shiftTo(next);
    acknowledge();
  });
  watcher.unref();
  acknowledge();
  process.once('exit', () => rmSync(join(dir, `${SEEN_PREFIX}${process.pid}`), { force: true }));
}

/**
 * `setTimeout` and `clearTimeout` that know each pending timer's due time by the shifted clock,
 * and `bringForward()`, which runs each timer at its due time after a shift (at once when it passed).
 */
function shiftableTimers(now: () => number): { bringForward(): void } {
  const realSetTimeout = globalThis.setTimeout;
  const realClearTimeout = globalThis.clearTimeout;
  const armed = new Map<NodeJS.Timeout, ArmedTimer>();
  /** Every timer made here, fired or not, so that `refresh()` arms it again. */
  const known = new WeakMap<NodeJS.Timeout, ArmedTimer>();

  const cancelStandIn = (timer: ArmedTimer) => {
    if (!timer.standIn) return;
    if ('refresh' in timer.standIn) realClearTimeout(timer.standIn);
    else clearImmediate(timer.standIn);
    timer.standIn = undefined;
  };
  const forget = (timeout: NodeJS.Timeout) => {
    const timer = armed.get(timeout);
    if (!timer) return;
    cancelStandIn(timer);
    armed.delete(timeout);
  };

  function setTimeout(this: unknown, callback: unknown, delay?: unknown, ...args: unknown[]): NodeJS.Timeout {
    if (typeof callback !== 'function') return Reflect.apply(realSetTimeout, this, [callback, delay, ...args]);
    const asked = Number(delay);
    const delayMs = asked >= 1 && asked <= TIMEOUT_MAX ? asked : 1;
    const timeout: NodeJS.Timeout = realSetTimeout(() => timer.run(), delayMs);
    const timer: ArmedTimer = {
      dueAt: now() + delayMs,
      delayMs,
      run: () => {
        forget(timeout);
        callback.apply(timeout, args);
      },
    };
    armed.set(timeout, timer);
    known.set(timeout, timer);
    return timeout;
  }
  function clearTimeout(timeout: unknown): void {
    if (timeout instanceof Object) forget(timeout as NodeJS.Timeout);
    else if (timeout !== undefined && timeout !== null) {
      for (const each of armed.keys()) if (Number(each) === Number(timeout)) forget(each);
    }
    realClearTimeout(timeout as NodeJS.Timeout);
  }
  Object.defineProperties(setTimeout, Object.getOwnPropertyDescriptors(realSetTimeout));
  globalThis.setTimeout = setTimeout as typeof globalThis.setTimeout;
  globalThis.clearTimeout = clearTimeout as typeof globalThis.clearTimeout;

  // A timer refreshed, closed or disposed of by its own methods: its due time moves, or it is gone.
  const probe = realSetTimeout(() => undefined, TIMEOUT_MAX);
  realClearTimeout(probe);
  const timeoutMethods = Object.getPrototypeOf(probe) as NodeJS.Timeout;
  const { refresh, close } = timeoutMethods;
  timeoutMethods.refresh = function (this: NodeJS.Timeout) {
    const timer = known.get(this);
    if (timer) {
      cancelStandIn(timer);
      timer.dueAt = now() + timer.delayMs;
      armed.set(this, timer);
    }
    return refresh.call(this);
  };
  timeoutMethods.close = function (this: NodeJS.Timeout) {
    forget(this);
    return close.call(this);
  };
  const dispose = timeoutMethods[Symbol.dispose];
  timeoutMethods[Symbol.dispose] = function (this: NodeJS.Timeout) {
    forget(this);
    return dispose.call(this);
  };

  return {
    bringForward: () => {
      const at = now();
      for (const [timeout, timer] of armed) {
        cancelStandIn(timer);
        realClearTimeout(timeout);
        const remainingMs = timer.dueAt - at;
        timer.standIn = remainingMs <= 0 ? setImmediate(timer.run) : realSetTimeout(timer.run, remainingMs);
        if (!timeout.hasRef()) timer.standIn.unref();
      }
    },
  };
}

/** The offset the file holds, or null while it holds none (not written yet, or being replaced). */
function readOffset(dir: string): number | null {
  let text: string;
  try {
    text = readFileSync(join(dir, OFFSET_FILE), 'utf8');
  } catch {
    return null;
  }
  const offset = Number(text.trim());
  return Number.isSafeInteger(offset) && offset >= 0 ? offset : null;
}

/** Writes a file that readers see whole: written beside it, then renamed over it. */
export function writeAtomically(path: string, text: string): void {
  const partial = `${path}.${process.pid}.partial`;
  writeFileSync(partial, text);
  renameSync(partial, path);
}
