import { Pool, PoolClient, types } from 'pg';
import { SqlClient, SqlExecutor } from './sql-client';

// BIGINT (int8) as a JS number: positions and counters stay far below 2^53.
types.setTypeParser(20, (value) => Number(value));

export class PostgresSqlClient implements SqlClient {
  readonly dialect = 'postgres' as const;
  private readonly pool: Pool;

  constructor(connectionString: string, options: { max?: number; applicationName?: string } = {}) {
    this.pool = new Pool({ connectionString, max: options.max ?? 10, application_name: options.applicationName });
    // An idle client that loses its connection must not crash the process; the pool replaces it.
    this.pool.on('error', () => undefined);
  }

  async query<Row>(sql: string, params: readonly unknown[] = []): Promise<Row[]> {
    const result = await this.pool.query(sql, params as unknown[]);
    return result.rows as Row[];
  }

  async exec(script: string): Promise<void> {
    await this.pool.query(script);
  }

  async transaction<T>(work: (tx: SqlExecutor) => Promise<T>): Promise<T> {
    const client: PoolClient = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const tx: SqlExecutor = {
        query: async <Row>(sql: string, params: readonly unknown[] = []) =>
          (await client.query(sql, params as unknown[])).rows as Row[],
      };
      const result = await work(tx);
      await client.query('COMMIT');
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  async close(): Promise<void> {
    await this.pool.end();
  }
}
