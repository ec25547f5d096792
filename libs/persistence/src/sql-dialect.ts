import type { AnyTables } from './sql-database';
import { PROCESS_CLOCK_FUNCTION } from './sqlite/process-clock';
import { ColumnDataType, CreateTableBuilder, Expression, Kysely, RawBuilder, sql } from 'kysely';

type DataTypeExpression = ColumnDataType | Expression<unknown>;

export type Engine = 'sqlite' | 'postgres';

/**
 * Everything that differs between SQLite and PostgreSQL, in one place. Repositories are written
 * once with Kysely and ask this seam for the few things the two engines say differently: column
 * types, the database clock, JSON values, row locks and transaction-wide locks.
 */
export interface SqlDialect {
  readonly engine: Engine;
  /**
   * Whether one process at a time opens the database (embedded SQLite: one connection, and the
   * data directory lock keeps other processes out). Then state found at start (a lease) was left
   * by a process that ended, and a value this process wrote last may be remembered instead of read
   * again. PostgreSQL is shared by replicas: such state may belong to a live one; read under a lock.
   */
  readonly singleProcess: boolean;
  /** Column types for migrations. */
  readonly types: {
    /** A JSON document (jsonb / text). */
    json: DataTypeExpression;
    /** An instant (timestamptz / ISO 8601 UTC text, which sorts like the instant). */
    timestamp: DataTypeExpression;
    uuid: DataTypeExpression;
    bigint: DataTypeExpression;
  };
  /** Adds a 64-bit primary key that the database numbers in increasing order and never reuses. */
  addAutoIncrementKey<T extends string, C extends string>(table: CreateTableBuilder<T, C>, column: string): CreateTableBuilder<T, C>;
  /** The database clock, as a value of a `types.timestamp` column (usable as a column default). */
  now(): RawBuilder<Date>;
  /** The database clock plus `ms` milliseconds. */
  nowPlusMs(ms: number | Expression<number>): RawBuilder<Date>;
  /** A value for a `types.json` column. */
  json(value: unknown): string;
  /** A `types.json` column's value as read back. */
  readJson<T = unknown>(value: unknown): T;
  /**
   * Row locks for a claim: PostgreSQL skips rows another transaction holds (`FOR UPDATE SKIP
   * LOCKED`); SQLite has one writer at a time, so there is nothing to skip.
   */
  skipLocked<Q extends Lockable<Q>>(query: Q): Q;
  /** Holds a lock named `key` until the transaction `tx` ends (one writer at a time across processes). */
  transactionLock(tx: Kysely<AnyTables>, key: string): Promise<void>;
}

export interface Lockable<Q> {
  forUpdate(): Q;
  skipLocked(): Q;
}

/** SQLite's now: the clock of the process that opened it (see `registerProcessClock`). */
const ISO_NOW = `${PROCESS_CLOCK_FUNCTION}()`;

export const sqliteDialect: SqlDialect = {
  engine: 'sqlite',
  singleProcess: true,
  types: { json: 'text', timestamp: 'text', uuid: 'text', bigint: 'integer' },
  addAutoIncrementKey: (table, column) => table.addColumn(column, 'integer', (col) => col.primaryKey().autoIncrement()),
  now: () => sql<Date>`(${sql.raw(ISO_NOW)})`,
  nowPlusMs: (ms) => sql<Date>`(strftime('%Y-%m-%dT%H:%M:%fZ', ${sql.raw(ISO_NOW)}, printf('%+.3f seconds', ${ms} / 1000.0)))`,
  json: (value) => JSON.stringify(value ?? null),
  readJson: <T>(value: unknown) => (typeof value === 'string' ? JSON.parse(value) : value) as T,
  skipLocked: (query) => query,
  transactionLock: async () => undefined,
};

export const postgresDialect: SqlDialect = {
  engine: 'postgres',
  singleProcess: false,
  types: { json: 'jsonb', timestamp: 'timestamptz', uuid: 'uuid', bigint: 'bigint' },
  addAutoIncrementKey: (table, column) => table.addColumn(column, 'bigserial', (col) => col.primaryKey()),
  now: () => sql<Date>`now()`,
  nowPlusMs: (ms) => sql<Date>`(now() + (${ms})::float8 * interval '1 millisecond')`,
  json: (value) => JSON.stringify(value ?? null),
  readJson: <T>(value: unknown) => value as T,
  skipLocked: (query) => query.forUpdate().skipLocked(),
  transactionLock: async (tx, key) => {
    await sql`SELECT pg_advisory_xact_lock(hashtext(${key}))`.execute(tx);
  },
};

/** ISO 8601 in UTC with milliseconds, as `Date.toISOString()` writes it and SQLite stores instants. */
const CANONICAL_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

/** Whether the text is an instant as `Date.toISOString()` writes it (no other offset, no other precision). */
export const isCanonicalUtc = (text: string): boolean => CANONICAL_UTC.test(text);

/**
 * An instant read from either engine (a Date from PostgreSQL, text from SQLite) as ISO 8601 UTC
 * text: text already written so is kept as it is, without a parse and a format per value.
 */
export function isoTimestamp(value: Date | string): string {
  return typeof value === 'string' && isCanonicalUtc(value) ? value : toDate(value).toISOString();
}

/** A timestamp column as read back: a Date from PostgreSQL, ISO text from SQLite. */
export function toDate(value: Date | string): Date;
export function toDate(value: Date | string | null | undefined): Date | null;
export function toDate(value: Date | string | null | undefined): Date | null {
  if (value === null || value === undefined) return null;
  return value instanceof Date ? value : new Date(value);
}
