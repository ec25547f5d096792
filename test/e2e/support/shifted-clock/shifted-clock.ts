import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { eventually } from '@app/testing/eventually';
import { OFFSET_FILE, SEEN_PREFIX, SHIFTED_CLOCK_DIR, writeAtomically } from './shifted-clock-preload';
import { followingConnection, installShiftedNow, setShiftedNow } from './shifted-clock-postgres';

const PRELOAD = resolve(__dirname, 'shifted-clock-preload.ts');

/** How long every process of the service has to take a shift up. */
const SHIFT_TAKEN_UP_WITHIN_MS = 10_000;

/**
 * "Now" for the service under test, which the test moves forward while it runs, by any amount:
 * every process started with `env` (its `Date`, its timers, and the embedded database, which
 * reads the process's clock) and every PostgreSQL database that `follows` it see the same
 * shifted time, and a loop asleep until work is due turns as soon as a shift makes it due
 * (`shifted-clock-preload.ts`). The processes learn of a shift through a file in a directory of
 * the clock's own; `shiftBy` resolves once each of them has taken it up.
 *
 * A shift is time that passed, for all that reads the clock: leases (by the database clock) run
 * out, as do the deadlines of requests between the apps (a few seconds), signed media URLs,
 * sessions and tokens; the Kafka client times out the requests it waits on (the fetches of idle
 * consumers), sends them again, and logs `Response without match` when the broker's answers
 * come. So a test shifts while the service is idle: no delivery, publication or request under
 * way (a delivery whose lease ran out would be sent again). Webhooks are signed at the shifted
 * time, which a receiver's five-minute window refuses.
 */
export class ShiftedClock {
  private offsetMs = 0;
  private readonly databases: string[] = [];

  private constructor(private readonly dir: string) {}

  /** A clock at the real time (offset 0) until shifted. */
  static start(): ShiftedClock {
    const dir = mkdtempSync(join(tmpdir(), 'sps-clock-'));
    writeAtomically(join(dir, OFFSET_FILE), '0');
    return new ShiftedClock(dir);
  }

  /**
   * The environment that gives a process this clock (NODE_OPTIONS of its own). Node.js runs the
   * preload's TypeScript as it is, and would say once that it took it for an ES module.
   */
  get env(): Record<string, string> {
    return { NODE_OPTIONS: `--disable-warning=MODULE_TYPELESS_PACKAGE_JSON --import=${pathToFileURL(PRELOAD).href}`, [SHIFTED_CLOCK_DIR]: this.dir };
  }

  /** How far ahead of the real time the service is, in milliseconds. */
  get offset(): number {
    return this.offsetMs;
  }

  /** The service's now. */
  now(): Date {
    return new Date(Date.now() + this.offsetMs);
  }

  /**
   * Has the PostgreSQL database at `databaseUrl` follow this clock, before the service creates
   * its tables there; the service connects with the connection string this returns.
   */
  async follow(databaseUrl: string): Promise<string> {
    await installShiftedNow(databaseUrl);
    await setShiftedNow(databaseUrl, this.offsetMs);
    this.databases.push(databaseUrl);
    return followingConnection(databaseUrl);
  }

  /** Moves the service's now forward to `at` (which must not be behind it). */
  shiftTo(at: Date): Promise<void> {
    return this.shiftBy(at.getTime() - this.now().getTime());
  }

  /**
   * Moves the service's now `ms` forward: the databases first, so that a loop the shift wakes
   * finds its work due there; then every process, waiting until each running one has taken it up.
   */
  async shiftBy(ms: number): Promise<void> {
    if (!Number.isSafeInteger(ms) || ms < 0) throw new Error(`The clock moves forward by whole milliseconds, not by ${ms}`);
    this.offsetMs += ms;
    for (const database of this.databases) await setShiftedNow(database, this.offsetMs);
    writeAtomically(join(this.dir, OFFSET_FILE), String(this.offsetMs));
    await eventually(() => this.laggingProcesses().length === 0, () => `every process to shift its clock to +${this.offsetMs} ms; behind: ${this.laggingProcesses().join(', ')}`, {
      timeoutMs: SHIFT_TAKEN_UP_WITHIN_MS,
      intervalMs: 20,
    });
  }

  /** Removes the clock's directory. */
  dispose(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }

  /** The running processes on the clock that have not taken up its offset yet, each as `pid (at +offset)`. */
  private laggingProcesses(): string[] {
    return readdirSync(this.dir)
      .filter((file) => file.startsWith(SEEN_PREFIX) && !file.endsWith('.partial'))
      .map((file) => ({ pid: Number(file.slice(SEEN_PREFIX.length)), seen: readIfThere(join(this.dir, file)) }))
      .filter(({ pid, seen }) => seen !== null && isRunning(pid) && Number(seen) !== this.offsetMs)
      .map(({ pid, seen }) => `${pid} (at +${seen} ms)`);
  }
}

/** A file's text, or null when it is gone (its process ended meanwhile). */
function readIfThere(path: string): string | null {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return null;
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
