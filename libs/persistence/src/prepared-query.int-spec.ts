import { Generated, sql } from 'kysely';
import { migrateSchema, PreparedQuery, SchemaDatabase, SchemaMigration } from '@app/persistence';
import { testEngines } from '@app/persistence/testing';

interface Tables {
  counters: { id: Generated<number>; name: string; value: number; active: boolean | number; touched_at: Date | string | null };
}

const migrations: SchemaMigration[] = [
  {
    id: '001-counters',
    up: async (db, dialect) => {
      await dialect
        .addAutoIncrementKey(db.schema.createTable('counters'), 'id')
        .addColumn('name', 'text', (col) => col.notNull().unique())
        .addColumn('value', 'integer', (col) => col.notNull())
        .addColumn('active', 'boolean', (col) => col.notNull())
        .addColumn('touched_at', dialect.types.timestamp)
        .execute();
    },
  },
];

type Db = SchemaDatabase<Tables>;

const upsert = new PreparedQuery(({ db }: Db, p: { name: string; value: number; active: boolean }) =>
  db
    .insertInto('counters')
    .values({ name: p.name, value: p.value, active: p.active })
    .onConflict((conflict) => conflict.column('name').doUpdateSet({ value: p.value, active: p.active }).where('counters.value', '<', p.value)),
);

const activeAbove = new PreparedQuery(({ db }: Db, p: { min: number; limit: number }) =>
  db.selectFrom('counters').select(['name', 'value']).where('active', '=', true).where('value', '>', p.min).orderBy('value').limit(p.limit),
);

/** Queries compiled once and run with new values: the same answers as Kysely's own, on each engine. */
describe.each(testEngines)('PreparedQuery on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let alpha: SchemaDatabase<Tables>;
  let beta: SchemaDatabase<Tables>;

  beforeAll(async () => {
    const opened = await open();
    dispose = opened.dispose;
    alpha = opened.database.forSchema<Tables>('alpha');
    beta = opened.database.forSchema<Tables>('beta');
    await migrateSchema(alpha, migrations);
    await migrateSchema(beta, migrations);
  });
  afterAll(() => dispose());

  it('binds new values on every run, keeps constants, and runs against each schema its own tables', async () => {
    await upsert.run(alpha, { name: 'a', value: 1, active: true });
    await upsert.run(alpha, { name: 'b', value: 5, active: true });
    await upsert.run(alpha, { name: 'c', value: 9, active: false });
    await upsert.run(alpha, { name: 'a', value: 7, active: true });
    // The conflict's where: a lower value leaves the row as it is.
    await upsert.run(alpha, { name: 'b', value: 2, active: false });
    await upsert.run(beta, { name: 'z', value: 100, active: true });

    expect(await activeAbove.rows(alpha, { min: 0, limit: 10 })).toEqual([
      { name: 'b', value: 5 },
      { name: 'a', value: 7 },
    ]);
    expect(await activeAbove.rows(alpha, { min: 5, limit: 10 })).toEqual([{ name: 'a', value: 7 }]);
    expect(await activeAbove.first(alpha, { min: 0, limit: 1 })).toEqual({ name: 'b', value: 5 });
    expect(await activeAbove.first(alpha, { min: 50, limit: 1 })).toBeUndefined();
    expect(await activeAbove.rows(beta, { min: 0, limit: 10 })).toEqual([{ name: 'z', value: 100 }]);
  });

  it('runs inside a transaction of the database', async () => {
    await expect(
      alpha.db.transaction().execute(async (tx) => {
        await upsert.run(alpha, { name: 'inside', value: 50, active: true }, tx);
        expect(await activeAbove.rows(alpha, { min: 49, limit: 10 }, tx)).toEqual([{ name: 'inside', value: 50 }]);
        throw new Error('roll back');
      }),
    ).rejects.toThrow('roll back');
    expect(await activeAbove.rows(alpha, { min: 49, limit: 10 })).toEqual([]);
  });

  it('binds values inside sql templates, such as the dialect clock plus milliseconds', async () => {
    const touch = new PreparedQuery(({ db, dialect }: Db, p: { name: string; ms: number }) =>
      db.updateTable('counters').set({ touched_at: dialect.nowPlusMs(p.ms) }).where('name', '=', p.name),
    );
    const result = await touch.run(alpha, { name: 'a', ms: 60_000 });
    expect(Number(result.numAffectedRows)).toBe(1);
    const row = await alpha.db.selectFrom('counters').select('touched_at').where('name', '=', 'a').executeTakeFirstOrThrow();
    expect(new Date(row.touched_at as string).getTime()).toBeGreaterThan(Date.now() + 50_000);
  });

  it('refuses a builder that computes with a parameter or writes it into the SQL text, and a run missing a value', async () => {
    const computed = new PreparedQuery(({ db }: Db, p: { name: string }) => db.selectFrom('counters').select('value').where('name', '=', `${p.name}-x`));
    await expect(computed.rows(alpha, { name: 'a' })).rejects.toThrow('computed from a parameter');
    const inlined = new PreparedQuery(({ db }: Db, p: { name: string }) => db.selectFrom('counters').select('value').where('name', '=', sql.lit(p.name)));
    await expect(inlined.rows(alpha, { name: 'a' })).rejects.toThrow('written into the SQL text');
    await expect(activeAbove.rows(alpha, { min: 0 } as never)).rejects.toThrow('no value for parameter "limit"');
    const spread = new PreparedQuery(({ db }: Db, p: { name: string; value: number; active: boolean }) => db.insertInto('counters').values({ ...p }));
    await expect(spread.run(alpha, { name: 'spread', value: 1, active: true })).rejects.toThrow('was the parameters object spread?');
  });

  it("gives an update's and an insert's counts as Kysely gives them", async () => {
    const insert = new PreparedQuery(({ db }: Db, p: { name: string }) => db.insertInto('counters').values({ name: p.name, value: 0, active: false }));
    const zero = new PreparedQuery(({ db }: Db, p: { value: number }) => db.updateTable('counters').set({ value: p.value }).where('active', '=', false));
    const inserted = await insert.run(beta, { name: 'counted' });
    expect(inserted.numAffectedRows).toBe(1n);
    expect(inserted.rows).toEqual([]);
    expect((await zero.run(beta, { value: 0 })).numAffectedRows).toBe(1n);
  });

  it("never runs inside another task's transaction: outside one, it waits for it to end", async () => {
    let rollBack!: () => void;
    const rolledBack = new Promise<void>((resolve) => (rollBack = resolve));
    let opened!: () => void;
    const open = new Promise<void>((resolve) => (opened = resolve));
    const other = alpha.db.transaction().execute(async (tx) => {
      await upsert.run(alpha, { name: 'theirs', value: 60, active: true }, tx);
      opened();
      await rolledBack;
      throw new Error('roll back');
    });
    await open;
    const ours = upsert.run(alpha, { name: 'ours', value: 61, active: true });
    rollBack();
    await expect(other).rejects.toThrow('roll back');
    await ours;

    expect(await activeAbove.rows(alpha, { min: 59, limit: 10 })).toEqual([{ name: 'ours', value: 61 }]);
  });
});
