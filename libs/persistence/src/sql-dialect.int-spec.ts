import { Generated, sql } from 'kysely';
import { migrateSchema, SchemaDatabase, SchemaMigration, toDate } from '@app/persistence';
import { testEngines } from '@app/persistence/testing';

interface Tables {
  notes: { id: Generated<number>; owner: string; body: unknown; done: boolean | number; due_at: Date | string; lease_until: Date | string | null };
}

const migrations: SchemaMigration[] = [
  {
    id: '001-notes',
    up: async (db, dialect) => {
      await dialect
        .addAutoIncrementKey(db.schema.createTable('notes'), 'id')
        .addColumn('owner', dialect.types.uuid, (col) => col.notNull())
        .addColumn('body', dialect.types.json, (col) => col.notNull())
        .addColumn('done', 'boolean', (col) => col.notNull())
        .addColumn('due_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addColumn('lease_until', dialect.types.timestamp)
        .execute();
      await db.schema.createIndex('notes_due_at_idx').on('notes').column('due_at').execute();
    },
  },
];

/** What the dialect seam promises, on each engine: the same repository code gives the same answers. */
describe.each(testEngines)('SQL dialect seam on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let alpha: SchemaDatabase<Tables>;
  let beta: SchemaDatabase<Tables>;
  const owner = '0b1c7f1e-8d1d-4c55-9f0b-6c2a3a1d2e4f';

  beforeAll(async () => {
    const opened = await open();
    dispose = opened.dispose;
    alpha = opened.database.forSchema<Tables>('alpha');
    beta = opened.database.forSchema<Tables>('beta');
    expect(await migrateSchema(alpha, migrations)).toEqual(['001-notes']);
    expect(await migrateSchema(alpha, migrations)).toEqual([]);
    await migrateSchema(beta, migrations);
  });
  afterAll(() => dispose());

  it('keeps each schema its own tables, numbering keys in increasing order', async () => {
    const insert = (database: SchemaDatabase<Tables>, text: string) =>
      database.db
        .insertInto('notes')
        .values({ owner, body: database.dialect.json({ text, tags: ['a', 'b'] }), done: false, due_at: new Date() })
        .returning('id')
        .executeTakeFirstOrThrow();
    const first = await insert(alpha, 'one');
    const second = await insert(alpha, 'two');
    await insert(beta, 'other');

    expect(second.id).toBeGreaterThan(first.id);
    const rows = await alpha.db.selectFrom('notes').select(['body', 'done']).orderBy('id').execute();
    expect(rows.map((row) => alpha.dialect.readJson(row.body))).toEqual([
      { text: 'one', tags: ['a', 'b'] },
      { text: 'two', tags: ['a', 'b'] },
    ]);
    expect(rows.map((row) => Boolean(row.done))).toEqual([false, false]);
    expect(await beta.db.selectFrom('notes').select('id').execute()).toHaveLength(1);
  });

  it('compares instants written as dates and by the database clock', async () => {
    const { db, dialect } = alpha;
    const past = new Date(Date.now() - 60_000);
    const future = new Date(Date.now() + 60_000);
    const { id } = await db
      .insertInto('notes')
      .values({ owner, body: dialect.json(null), done: true, due_at: past, lease_until: dialect.nowPlusMs(30_000) })
      .returning('id')
      .executeTakeFirstOrThrow();

    const row = await db.selectFrom('notes').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(toDate(row.due_at).toISOString()).toBe(past.toISOString());
    const leaseUntil = toDate(row.lease_until)!.getTime();
    expect(leaseUntil).toBeGreaterThan(Date.now() + 25_000);
    expect(leaseUntil).toBeLessThan(future.getTime());
    const leased = await db
      .selectFrom('notes')
      .select('id')
      .where('id', '=', id)
      .where('lease_until', '>', dialect.now())
      .where('due_at', '<', new Date())
      .execute();
    expect(leased).toEqual([{ id }]);
  });

  it('claims rows with the engine row locks inside a transaction-wide lock', async () => {
    const { db, dialect } = alpha;
    const claimed = await db.transaction().execute(async (tx) => {
      await dialect.transactionLock(tx, 'notes-claim');
      const due = dialect.skipLocked(tx.selectFrom('notes').select('id').where('done', '=', false).orderBy('id').limit(1));
      return tx.updateTable('notes').set({ done: true }).where('id', 'in', due).returning('id').execute();
    });
    expect(claimed).toHaveLength(1);
    expect(Number((await sql<{ n: number }>`SELECT 1 AS n`.execute(db)).rows[0]!.n)).toBe(1);
  });
});
