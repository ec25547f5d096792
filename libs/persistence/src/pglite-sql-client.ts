import { PGlite, types } from '@electric-sql/pglite';
import { SqlClient, SqlExecutor } from './sql-client';

const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * PostgreSQL compiled to WebAssembly, in this process. `dataDir` undefined keeps it in memory.
 * PGlite runs one statement at a time and holds other callers back while a transaction is open.
 */
export class PgliteSqlClient implements SqlClient {
  readonly dialect = 'pglite' as const;

  private constructor(private readonly db: PGlite) {}

  static async open(dataDir?: string): Promise<PgliteSqlClient> {
    const db = new PGlite(dataDir, { parsers });
    await db.waitReady;
    return new PgliteSqlClient(db);
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    const result = await this.db.query<Row>(sql, params as unknown[]);
    return result.rows;
  }

  async exec(script: string): Promise<void> {
    await this.db.exec(script);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    return this.db.transaction(async (transaction) => {
      const tx: SqlExecutor = {
        query: async <Row>(sql: string, params: readonly unknown[] = []) =>
          (await transaction.query<Row>(sql, params as unknown[])).rows,
      };
      return work(tx);
    });
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }
}
