import { prometheusText } from '@app/telemetry';
import { sql } from 'kysely';
import { openSqliteDatabase } from './open-sqlite-database';

/** The counts of `sqlite_statements_total` in the process's metrics, by kind, and `sqlite_transactions_total` as `transactions`. */
async function statementCounts(): Promise<Record<string, number>> {
  const { text } = await prometheusText();
  const counts: Record<string, number> = {};
  for (const line of text.split('\n')) {
    const match = /^sqlite_statements_total\{kind="(\w+)"\} (\d+)/.exec(line);
    if (match) counts[match[1]] = Number(match[2]);
    const transactions = /^sqlite_transactions_total (\d+)/.exec(line);
    if (transactions) counts.transactions = Number(transactions[1]);
  }
  return counts;
}

describe('sqlite_statements_total', () => {
  it('counts the statements run on SQLite by kind, and the transactions committed: begun and committed, or a write on its own', async () => {
    const database = openSqliteDatabase();
    try {
      await sql`create table notes (id integer primary key, body text)`.execute(database.kysely);
      const before = await statementCounts();
      await database.kysely.transaction().execute(async (tx) => {
        await tx.insertInto('notes' as never).values({ body: 'one' } as never).execute();
        await tx.selectFrom('notes' as never).selectAll().execute();
      });
      await sql`select count(*) from notes`.execute(database.kysely);
      await sql`insert into notes (body) values ('two')`.execute(database.kysely);
      await sql`insert into notes (body) values ('three') returning id`.execute(database.kysely);
      const after = await statementCounts();
      const ran = (kind: string) => after[kind] - before[kind];
      // The transaction (begin, insert, select, commit), a read on its own, two writes on their own.
      expect({ begin: ran('begin'), commit: ran('commit'), other: ran('other') }).toEqual({ begin: 1, commit: 1, other: 5 });
      // Committed: the transaction, and each write on its own, one that returns rows too (the read on its own writes nothing).
      expect(ran('transactions')).toBe(3);
    } finally {
      await database.close();
    }
  });
});
