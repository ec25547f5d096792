import { prometheusText } from '@app/telemetry';
import { sql } from 'kysely';
import { openSqliteDatabase } from './open-sqlite-database';

/** The counts of `sqlite_statements_total` in the process's metrics, by kind. */
async function statementCounts(): Promise<Record<string, number>> {
  const { text } = await prometheusText();
  const counts: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^sqlite_statements_total\{kind="(\w+)"\} (\d+)/.exec(line);
    if (match) counts[match[1]] = Number(match[2]);
  }
  return counts;
}

describe('sqlite_statements_total', () => {
  it('counts the statements run on SQLite by kind: a transaction is a begin, its statements and a commit', async () => {
    const database = openSqliteDatabase();
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(database.kysely);
      const before = await statementCounts();
      await database.kysely.transaction().execute(async (tx) => {
        await tx.insertInto('notes' as never).values({ body: 'one' } as never).execute();
        await tx.selectFrom('notes' as never).selectAll().execute();
      });
      await sql`select count(*) from notes`.execute(database.kysely);
      const after = await statementCounts();
      expect({ begin: after.begin - before.begin, commit: after.commit - before.commit, other: after.other - before.other }).toEqual({ begin: 1, commit: 1, other: 3 });
    } finally {
      await database.close();
    }
  });
});
