import { PGlite, types } from '@electric-sql/pglite';
import { setImmediate as nextTurnOfEventLoop } from 'node:timers/promises';
import { SqlClient, SqlExecutor } from './sql-client';

const parsers = { [types.INT8]: (value: string) => Number(value) };

/**
 * Longest stretch of back-to-back statements before the event loop gets a turn. PGlite runs on
 * this thread and its promises settle without I/O, so a busy chain of statements would otherwise
 * keep timers, sockets and HTTP requests waiting until every chain ran dry.
 */
const MAX_TURN_MS = 10;

/**
 * PostgreSQL compiled to WebAssembly, in this process. `dataDir` undefined keeps it in memory.
 * PGlite runs one statement at a time and holds other callers back while a transaction is open.
 */
export class PgliteSqlClient implements SqlClient {
  readonly dialect = 'pglite' as const;
  private turnStartedAt = performance.now();

  private constructor(private readonly db: PGlite) {}

  static async open(dataDir?: string): Promise<PgliteSqlClient> {
    const db = new PGlite(dataDir, { parsers });
    await db.waitReady;
    return new PgliteSqlClient(db);
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    await this.shareTheEventLoop();
    const result = await this.db.query<Row>(sql, params as unknown[]);
    return result.rows;
  }

  async exec(script: string): Promise<void> {
    await this.shareTheEventLoop();
    await this.db.exec(script);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    await this.shareTheEventLoop();
    return this.db.transaction(async (transaction) => {
      const tx: SqlExecutor = {
        query: async <Row>(sql: string, params: readonly unknown[] = []) => {
          await this.shareTheEventLoop();
          return (await transaction.query<Row>(sql, params as unknown[])).rows;
        },
      };
      return work(tx);
    });
  }

  async close(): Promise<void> {
    if (!this.db.closed) await this.db.close();
  }

  /** Lets pending timers and I/O run once statements have kept the thread for MAX_TURN_MS. */
  private async shareTheEventLoop(): Promise<void> {
    if (performance.now() - this.turnStartedAt < MAX_TURN_MS) return;
    await nextTurnOfEventLoop();
    this.turnStartedAt = performance.now();
  }
}
