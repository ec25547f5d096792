/**
 * The one SQL surface every service uses. Two adapters speak it: PostgreSQL over the network
 * (`pg`) and PGlite embedded in the process; the SQL text is the same for both.
 */
export interface SqlExecutor {
  /** Runs one statement with `$1..$n` parameters and returns its rows. */
  query<Row = Record<string, unknown>>(sql: string, params?: readonly unknown[]): Promise<Row[]>;
}

export interface SqlClient extends SqlExecutor {
  /** Runs `work` in one transaction: committed when it resolves, rolled back when it throws. */
  transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T>;
  /** Runs a script of several statements without parameters (migrations). */
  exec(script: string): Promise<void>;
  close(): Promise<void>;
  readonly dialect: 'postgres' | 'pglite';
}

export const SQL_CLIENT = Symbol('SQL_CLIENT');
