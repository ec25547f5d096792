import { SchemaDatabase, SchemaMigration, SqlDialect } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { CreateTableBuilder } from 'kysely';
import { DueWork, DueWorkColumns, unleased } from './due-work';

interface Tables {
  jobs: DueWorkColumns & { id: string; kind: string };
  /** Named by two columns. */
  steps: DueWorkColumns & { job: string; step: number };
}

const withDueWork = <T extends string, C extends string>(table: CreateTableBuilder<T, C>, dialect: SqlDialect) =>
  table
    .addColumn('due_at', dialect.types.timestamp)
    .addColumn('lease_until', dialect.types.timestamp)
    .addColumn('lease_token', 'text')
    .addColumn('expired_leases', 'integer', (col) => col.notNull().defaultTo(0));

const migrations: SchemaMigration[] = [
  {
    id: '001-due-work',
    up: async (db, dialect) => {
      await withDueWork(db.schema.createTable('jobs').addColumn('id', 'text', (col) => col.primaryKey()).addColumn('kind', 'text', (col) => col.notNull()), dialect).execute();
      await withDueWork(
        db.schema.createTable('steps').addColumn('job', 'text', (col) => col.notNull()).addColumn('step', 'integer', (col) => col.notNull()).addPrimaryKeyConstraint('steps_pkey', ['job', 'step']),
        dialect,
      ).execute();
    },
  },
];

const jobs = new DueWork<Tables, 'jobs'>({ table: 'jobs', key: ['id'], claimable: (eb) => eb('jobs.kind', '!=', 'parked') });
const claimJobs = jobs.claims((claim) => claim.returning(['id', 'expired_leases']));
const steps = new DueWork<Tables, 'steps'>({ table: 'steps', key: ['job', 'step'] });
const claimSteps = steps.claims((claim) => claim.returning(['job', 'step']));

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** One leased claim of due work, on both engines; on PostgreSQL claims on connections of their own meet in row locks. */
describe.each(testEngines)('DueWork on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<Tables>;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<Tables>(open, 'due_work', migrations));
  });
  afterAll(() => dispose());
  beforeEach(async () => {
    await database.db.deleteFrom('jobs').execute();
    await database.db.deleteFrom('steps').execute();
  });

  /** Jobs due in `dueInMs` by the database clock (null: not due). */
  const add = (ids: string[], dueInMs: number | null = 0, kind = 'work') =>
    database.db
      .insertInto('jobs')
      .values(ids.map((id) => ({ id, kind, due_at: dueInMs === null ? null : database.dialect.nowPlusMs(dueInMs), ...unleased })))
      .execute();
  const ids = (rows: Array<{ id: string }>) => rows.map((row) => row.id).sort();
  const row = (id: string) => database.db.selectFrom('jobs').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('takes the due rows nobody holds, earliest first, up to the limit, and leases them under one token', async () => {
    await add(['later'], 60_000);
    await add(['never'], null);
    await add(['parked'], -1_000, 'parked');
    await add(['b'], -1_000);
    await add(['a'], -2_000);
    await add(['c'], -500);

    const first = await claimJobs.take(database, { limit: 2, leaseMs: 60_000 });
    expect(ids(first.rows)).toEqual(['a', 'b']);
    expect(first.rows.every((claimed) => claimed.expired_leases === 0)).toBe(true);
    expect((await row('a')).lease_token).toBe(first.leaseToken);

    const second = await claimJobs.take(database, { limit: 10, leaseMs: 60_000 });
    expect(ids(second.rows)).toEqual(['c']);
    expect(second.leaseToken).not.toBe(first.leaseToken);
    expect((await claimJobs.take(database, { limit: 10, leaseMs: 60_000 })).rows).toEqual([]);
  });

  it('takes only what a claim\'s own condition lets through, prepared or not alike', async () => {
    await add(['x1', 'x2', 'y1'], -1_000);
    const claimed = await claimJobs.take(database, { limit: 10, leaseMs: 60_000 }, (eb) => eb('jobs.id', 'like', 'x%'));
    expect(ids(claimed.rows)).toEqual(['x1', 'x2']);
    expect(await jobs.msUntilNextClaimable(database, (eb) => eb('jobs.id', 'like', 'x%'))).toBeGreaterThan(50_000);
    expect(await jobs.msUntilNextClaimable(database)).toBe(0);
    expect(ids((await claimJobs.take(database, { limit: 10, leaseMs: 60_000 })).rows)).toEqual(['y1']);
  });

  it('never hands one row to two claims made at once', async () => {
    await add(Array.from({ length: 120 }, (_, index) => `j-${String(index).padStart(3, '0')}`), -1_000);
    const taken: string[] = [];
    const tokens = new Set<string>();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (;;) {
          const claim = await claimJobs.take(database, { limit: 7, leaseMs: 60_000 });
          if (claim.rows.length === 0) return;
          tokens.add(claim.leaseToken);
          taken.push(...claim.rows.map((claimed) => claimed.id));
        }
      }),
    );
    expect(taken).toHaveLength(120);
    expect(new Set(taken).size).toBe(120);
    expect(tokens.size).toBeGreaterThanOrEqual(120 / 7);
  });

  it('takes a row again once its lease ran out, counting the leases that ran out in a row; a released row counts none', async () => {
    await add(['cut-off', 'given-back'], -1_000);
    const first = await claimJobs.take(database, { limit: 10, leaseMs: 300 });
    expect(ids(first.rows)).toEqual(['cut-off', 'given-back']);
    expect(await jobs.msUntilNextClaimable(database)).toBeGreaterThan(100);
    expect(await jobs.release(database, 'another-claim')).toBe(0);
    await database.db.updateTable('jobs').set(unleased).where('id', '=', 'given-back').execute();
    expect(await claimJobs.take(database, { limit: 10, leaseMs: 300 })).toMatchObject({ rows: [{ id: 'given-back', expired_leases: 0 }] });

    await sleep(350);
    const second = await claimJobs.take(database, { limit: 10, leaseMs: 300 });
    expect(second.rows.sort((a, b) => a.id.localeCompare(b.id))).toEqual([
      { id: 'cut-off', expired_leases: 1 },
      { id: 'given-back', expired_leases: 1 },
    ]);
    expect(await jobs.release(database, second.leaseToken)).toBe(2);
    expect((await row('cut-off')).lease_until).toBeNull();
    expect(await claimJobs.take(database, { limit: 10, leaseMs: 100 })).toMatchObject({ rows: [{ expired_leases: 0 }, { expired_leases: 0 }] });
    await sleep(150);
    await claimJobs.take(database, { limit: 10, leaseMs: 100 });
    await sleep(150);
    expect((await claimJobs.take(database, { limit: 10, leaseMs: 100 })).rows.map((claimed) => claimed.expired_leases)).toEqual([2, 2]);
  });

  it('tells by the database clock how long until a claim can take the next row: its due time, or the end of its lease', async () => {
    expect(await jobs.msUntilNextClaimable(database)).toBeNull();
    await add(['never'], null);
    await add(['parked'], -1_000, 'parked');
    expect(await jobs.msUntilNextClaimable(database)).toBeNull();

    await add(['soon'], 400);
    const wait = await jobs.msUntilNextClaimable(database);
    expect(wait).toBeGreaterThan(300);
    expect(wait).toBeLessThanOrEqual(400);
    await sleep(wait! + 5);
    const claim = await claimJobs.take(database, { limit: 10, leaseMs: 2_000 });
    expect(ids(claim.rows)).toEqual(['soon']);
    const held = await jobs.msUntilNextClaimable(database);
    expect(held).toBeGreaterThan(1_500);
    expect(held).toBeLessThanOrEqual(2_000);

    await add(['overdue'], -60_000);
    expect(await jobs.msUntilNextClaimable(database)).toBe(0);
  });

  it('claims and releases rows named by two columns', async () => {
    const { dialect } = database;
    await database.db
      .insertInto('steps')
      .values([
        { job: 'a', step: 1, due_at: dialect.nowPlusMs(-1_000), ...unleased },
        { job: 'a', step: 2, due_at: dialect.nowPlusMs(60_000), ...unleased },
        { job: 'b', step: 1, due_at: dialect.nowPlusMs(-2_000), ...unleased },
      ])
      .execute();
    const claim = await claimSteps.take(database, { limit: 10, leaseMs: 60_000 });
    expect(claim.rows.sort((x, y) => x.job.localeCompare(y.job))).toEqual([
      { job: 'a', step: 1 },
      { job: 'b', step: 1 },
    ]);
    expect(await steps.release(database, claim.leaseToken)).toBe(2);
    expect((await claimSteps.take(database, { limit: 1, leaseMs: 60_000 })).rows).toEqual([{ job: 'b', step: 1 }]);
  });

  it('ends the leases found at start only where one process opens the database', async () => {
    await add(['left'], -1_000);
    const claim = await claimJobs.take(database, { limit: 10, leaseMs: 3_600_000 });
    const ended = await jobs.expireLeftoverLeases(database);
    if (database.dialect.singleProcess) {
      expect(ended).toBe(1);
      expect(await claimJobs.take(database, { limit: 10, leaseMs: 60_000 })).toMatchObject({ rows: [{ id: 'left', expired_leases: 1 }] });
    } else {
      // On a shared server a lease may belong to a live replica.
      expect(ended).toBe(0);
      expect((await claimJobs.take(database, { limit: 10, leaseMs: 60_000 })).rows).toEqual([]);
      expect((await row('left')).lease_token).toBe(claim.leaseToken);
    }
  });
});
