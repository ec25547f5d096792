import { sql } from 'kysely';
import { SqlDatabase } from '../sql-database';
import { openSqliteDatabase } from './open-sqlite-database';

/** The embedded database reads the clock of its process: whatever sets one sets the other. */
describe('the clock of the embedded database', () => {
  let database: SqlDatabase;

  beforeEach(async () => {
    database = openSqliteDatabase();
    const { dialect } = database;
    await database.kysely.schema
      .createTable('notes')
      .addColumn('id', 'integer', (col) => col.primaryKey())
      .addColumn('due_at', dialect.types.timestamp)
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
  });
  afterEach(async () => {
    jest.useRealTimers();
    jest.restoreAllMocks();
    await database.close();
  });

  it("is the process's clock, in queries and in column defaults", async () => {
    jest.useFakeTimers({ now: new Date('2031-05-06T07:08:09.123Z'), doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    const { kysely, dialect } = database;
    const { rows } = await sql<{ now: string; later: string; earlier: string }>`select ${dialect.now()} as now, ${dialect.nowPlusMs(1500)} as later, ${dialect.nowPlusMs(-86_400_000)} as earlier`.execute(kysely);
    expect(rows).toEqual([{ now: '2031-05-06T07:08:09.123Z', later: '2031-05-06T07:08:10.623Z', earlier: '2031-05-05T07:08:09.123Z' }]);

    jest.setSystemTime(new Date('2031-05-13T07:08:09.123Z'));
    await kysely.insertInto('notes').values({ id: 1 }).execute();
    expect(await kysely.selectFrom('notes').select('created_at').execute()).toEqual([{ created_at: '2031-05-13T07:08:09.123Z' }]);
  });

  it('reads the clock once per statement, not once per row it compares', async () => {
    const { kysely, dialect } = database;
    const values = Array.from({ length: 500 }, (_, index) => sql`(${index}, ${index % 2 ? '2000-01-01T00:00:00.000Z' : '2999-01-01T00:00:00.000Z'})`);
    await sql`insert into notes (id, due_at) values ${sql.join(values)}`.execute(kysely);
    const readings = jest.spyOn(Date.prototype, 'toISOString');

    const due = sql<{ count: number }>`select count(*) as count from notes where due_at <= ${dialect.now()} and due_at < ${dialect.nowPlusMs(60_000)}`;
    expect((await due.execute(kysely)).rows).toEqual([{ count: 250 }]);
    expect((await due.execute(kysely)).rows).toEqual([{ count: 250 }]);

    // Each run of the statement read the clock once for now() and once for nowPlusMs().
    expect(readings).toHaveBeenCalledTimes(4);
  });
});
