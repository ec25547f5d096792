import { Kysely, PostgresDialect } from 'kysely';
import { Pool, types } from 'pg';
import { AnyTables, SqlDatabase } from '../sql-database';
import { postgresDialect } from '../sql-dialect';

// BIGINT (int8) as a JS number: positions, offsets and counters stay far below 2^53.
types.setTypeParser(20, (value) => Number(value));

export interface PostgresOptions {
  max?: number;
  applicationName?: string;
}

/** A pool of connections to PostgreSQL at `connectionString`. */
export function openPostgresDatabase(connectionString: string, options: PostgresOptions = {}): SqlDatabase {
  const pool = new Pool({ connectionString, max: options.max ?? 10, application_name: options.applicationName });
  // An idle client that loses its connection must not crash the process; the pool replaces it.
  pool.on('error', () => undefined);
  return new SqlDatabase(new Kysely<AnyTables>({ dialect: new PostgresDialect({ pool }) }), postgresDialect);
}
