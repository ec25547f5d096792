import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import { AnyTables, SqlDatabase } from '../sql-database';
import { postgresDialect } from '../sql-dialect';

// BIGINT (int8) as a JS number: positions, offsets and counters stay far below 2^53.
types.setTypeParser(20, (value) => Number(value));

export interface PostgresOptions {
  max?: number;
  applicationName?: string;
  /** Longest wait for a connection, a new one or one from the busy pool. Default 5000. */
  connectTimeoutMs?: number;
  /**
   * Longest a statement runs on the server before PostgreSQL cancels it; the client gives up on an
   * answer a second later (a server that stopped answering). Default 30000.
   */
  statementTimeoutMs?: number;
}

export const DEFAULT_POSTGRES_TIMEOUTS = { connectTimeoutMs: 5_000, statementTimeoutMs: 30_000 } as const;

/**
 * A pool of connections to PostgreSQL at `connectionString`. Nothing waits forever on it: opening a
 * connection, a statement and its answer each have a limit, so an unreachable or stuck database
 * makes requests fail (and be retried) instead of hanging.
 */
export function openPostgresDatabase(connectionString: string, options: PostgresOptions = {}): SqlDatabase {
  const { connectTimeoutMs, statementTimeoutMs } = { ...DEFAULT_POSTGRES_TIMEOUTS, ...definedOnly(options) };
  const pool = new Pool({
    connectionString,
    max: options.max ?? 10,
    application_name: options.applicationName,
    connectionTimeoutMillis: connectTimeoutMs,
    statement_timeout: statementTimeoutMs,
    query_timeout: statementTimeoutMs + 1_000,
    keepAlive: true,
  });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return new SqlDatabase(new Kysely<AnyTables>({ dialect: new PostgresDialect({ pool }) }), postgresDialect);
}

function definedOnly<T extends object>(values: T): Partial<T> {
  return Object.fromEntries(Object.entries(values).filter(([, value]) => value !== undefined)) as Partial<T>;
}
