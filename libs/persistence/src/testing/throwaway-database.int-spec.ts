import { createServer } from 'node:net';
import { createThrowawayDatabase } from './throwaway-database';

/** A port of 127.0.0.1 that nothing listens on (taken, then freed). */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

describe('a throwaway database on a PostgreSQL server that does not answer', () => {
  it('fails saying that the tests need PostgreSQL, where, and how to name another, without the password', async () => {
    const port = await closedPort();
    const failure = createThrowawayDatabase('sps_test', `postgres://postgres:secret-word@127.0.0.1:${port}/postgres`);

    await expect(failure).rejects.toThrow(`The tests need a PostgreSQL server and none answers at postgres://postgres:***@127.0.0.1:${port}/postgres`);
    await expect(failure).rejects.toThrow(/set TEST_POSTGRES_URL/);
    await expect(failure).rejects.not.toThrow(/secret-word/);
  });
});
