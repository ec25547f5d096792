import { sql } from 'kysely';
import { createServer, Server, Socket } from 'node:net';
import { createThrowawayDatabase, ThrowawayDatabase } from '../testing/throwaway-database';
import { openPostgresDatabase } from './open-postgres-database';
import { SqlDatabase } from '../sql-database';

describe('PostgreSQL connections never wait forever', () => {
  let throwaway: ThrowawayDatabase;
  const opened: SqlDatabase[] = [];
  const open = (url: string, options: Parameters<typeof openPostgresDatabase>[1]) => {
    const database = openPostgresDatabase(url, options);
    opened.push(database);
    return database;
  };

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase('sps_timeouts');
  });

  afterAll(async () => {
    await Promise.allSettled(opened.map((database) => database.close()));
    await throwaway.drop();
  });

  it('cancels a statement that runs longer than the statement timeout, and the pool goes on working', async () => {
    const database = open(throwaway.url, { statementTimeoutMs: 300 });
    const startedAt = Date.now();

    await expect(sql`SELECT pg_sleep(5)`.execute(database.kysely)).rejects.toThrow(/statement timeout/);

    expect(Date.now() - startedAt).toBeLessThan(3_000);
    const { rows } = await sql<{ answer: number }>`SELECT 42 AS answer`.execute(database.kysely);
    expect(rows).toEqual([{ answer: 42 }]);
  });

  it('gives up on a server that accepts the connection but never answers, within the connect timeout', async () => {
    const silent = await silentServer();
    try {
      const database = open(`postgres://postgres@127.0.0.1:${silent.port}/postgres`, { connectTimeoutMs: 300 });
      const startedAt = Date.now();

      await expect(sql`SELECT 1`.execute(database.kysely)).rejects.toThrow(/timeout/i);

      expect(Date.now() - startedAt).toBeLessThan(3_000);
    } finally {
      await silent.close();
    }
  });
});

/** A TCP server that takes connections and never says a word, like a database host that hangs. */
async function silentServer(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => sockets.add(socket));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    port: address.port,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
