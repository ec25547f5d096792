import { PgliteSqlClient } from './pglite-sql-client';

/** Runs `statement` back to back for `forMs`; says whether `timerFired()` became true meanwhile. */
async function timerFiresDuring(statement: () => Promise<unknown>, forMs: number, timerFired: () => boolean): Promise<boolean> {
  const until = performance.now() + forMs;
  while (performance.now() < until) {
    await statement();
    if (timerFired()) return true;
  }
  return false;
}

describe('PgliteSqlClient shares the event loop (PGlite runs on this thread)', () => {
  let sql: PgliteSqlClient;

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
  });
  afterAll(() => sql.close());

  it('lets a due timer run while statements follow one another without pause', async () => {
    let fired = false;
    setTimeout(() => (fired = true), 5);
    expect(await timerFiresDuring(() => sql.query('SELECT 1'), 1_000, () => fired)).toBe(true);
  });

  it('does so inside a long transaction too', async () => {
    let fired = false;
    setTimeout(() => (fired = true), 5);
    const firedInside = await sql.transaction((tx) => timerFiresDuring(() => tx.query('SELECT 1'), 1_000, () => fired));
    expect(firedInside).toBe(true);
  });

  it('still answers, in order, and rolls a failed transaction back', async () => {
    await sql.exec('CREATE TABLE turns (n integer PRIMARY KEY)');
    await Promise.all([1, 2, 3].map((n) => sql.query('INSERT INTO turns (n) VALUES ($1)', [n])));
    await expect(
      sql.transaction(async (tx) => {
        await tx.query('INSERT INTO turns (n) VALUES (4)');
        await tx.query('INSERT INTO turns (n) VALUES (1)');
      }),
    ).rejects.toThrow();
    expect(await sql.query<{ n: number }>('SELECT n FROM turns ORDER BY n')).toEqual([{ n: 1 }, { n: 2 }, { n: 3 }]);
  });
});
