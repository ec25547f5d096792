import { randomUUID } from 'node:crypto';
import { migrateSchema, SchemaDatabase, toDate } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { SCHEDULER_SCHEMA, SchedulerTables, schedulerMigrations } from '../scheduler-migrations';
import { DueTimer, TimerStore } from './timer-store';

const LEASE_MS = 60_000;

/** The batch statements of the timer table, on both engines. */
describe.each(testEngines)('TimerStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<SchedulerTables>;
  let timers: TimerStore;
  const past = () => new Date(Date.now() - 1_000);

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<SchedulerTables>(open, SCHEDULER_SCHEMA, schedulerMigrations));
    timers = new TimerStore(database);
  });
  beforeEach(() => database.db.deleteFrom('timers').execute());
  afterAll(() => dispose());

  const schedule = (postUuid: string, revision: number, dueAt = past()) =>
    timers.applyAll([{ postUuid, revision, change: { kind: 'set', dueAt, scheduledRevision: revision } }]);
  const remaining = async () =>
    (await database.db.selectFrom('timers').select('post_uuid').orderBy('due_at').execute()).map((row) => row.post_uuid);

  it('applies a batch of changes in order, each unless its post has a newer revision applied', async () => {
    const [a, b] = [randomUUID(), randomUUID()];
    const later = new Date(Date.now() + 3_600_000);
    const updates = await timers.applyAll([
      { postUuid: a, revision: 1, change: { kind: 'set', dueAt: past(), scheduledRevision: 1 } },
      { postUuid: b, revision: 1, change: { kind: 'set', dueAt: past(), scheduledRevision: 1 } },
      { postUuid: a, revision: 3, change: { kind: 'set', dueAt: later, scheduledRevision: 3 } },
      { postUuid: a, revision: 2, change: { kind: 'clear' } },
      { postUuid: b, revision: 2, change: { kind: 'clear' } },
      { postUuid: b, revision: 3, change: { kind: 'clear' } },
    ]);

    expect(updates).toEqual(['set', 'set', 'set', 'stale', 'removed', 'none_to_remove']);
    const rows = await database.db.selectFrom('timers').select(['post_uuid', 'due_at', 'scheduled_revision']).execute();
    expect(rows.map((row) => ({ ...row, due_at: toDate(row.due_at).getTime() }))).toEqual([{ post_uuid: a, due_at: later.getTime(), scheduled_revision: 3 }]);
    expect(await timers.applyAll([])).toEqual([]);
  });

  it('keeps the trace of the event that set a timer, for its firing', async () => {
    const post = randomUUID();
    const trace = { traceparent: '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01', storedAt: new Date(Date.now() - 5_000) };
    await timers.applyAll([{ postUuid: post, revision: 1, change: { kind: 'set', dueAt: past(), scheduledRevision: 1 }, trace }]);

    const [claimed] = await timers.claimDue(LEASE_MS, 10);

    expect(claimed!.trace).toEqual(trace);
  });

  it('removes a fired batch in one statement, but keeps a post scheduled again meanwhile', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    for (const post of [a, b, c]) await schedule(post, 1);
    const claimed = await timers.claimDue(LEASE_MS, 10);
    expect(claimed.map((timer) => timer.postUuid).sort()).toEqual([a, b, c].sort());

    await schedule(b, 2, new Date(Date.now() + 3_600_000));
    await timers.removeFired(claimed);

    expect(await remaining()).toEqual([b]);
  });

  it('gives a claimed batch back so that the next claim takes it again', async () => {
    const posts = [randomUUID(), randomUUID()];
    for (const post of posts) await schedule(post, 1);
    const claimed = await timers.claimDue(LEASE_MS, 10);
    expect(await timers.claimDue(LEASE_MS, 10)).toEqual([]);

    await timers.release(claimed);

    const again: DueTimer[] = await timers.claimDue(LEASE_MS, 10);
    expect(again.map((timer) => timer.postUuid).sort()).toEqual([...posts].sort());
  });

  it('frees a timer set again while claimed, and gives back only the claims still holding their timers', async () => {
    const [kept, moved] = [randomUUID(), randomUUID()];
    for (const post of [kept, moved]) await schedule(post, 1);
    const claimed = await timers.claimDue(LEASE_MS, 10);
    await schedule(moved, 2);
    expect((await timers.claimDue(LEASE_MS, 10)).map((timer) => timer.postUuid)).toEqual([moved]);

    await timers.release(claimed);

    expect((await timers.claimDue(LEASE_MS, 10)).map((timer) => timer.postUuid)).toEqual([kept]);
    expect(await timers.claimDue(LEASE_MS, 10)).toEqual([]);
  });

  it('tells by the database clock when the next timer is due, a held one when its lease runs out', async () => {
    expect(await timers.msUntilNextDue()).toBeNull();
    await schedule(randomUUID(), 1, new Date(Date.now() + 60_000));
    expect(await timers.msUntilNextDue()).toBeGreaterThan(55_000);
    await schedule(randomUUID(), 1);
    expect(await timers.msUntilNextDue()).toBe(0);
    await timers.claimDue(1_000, 10);
    const untilLeaseEnds = await timers.msUntilNextDue();
    expect(untilLeaseEnds).toBeGreaterThan(500);
    expect(untilLeaseEnds).toBeLessThanOrEqual(1_000);
  });
});

describe.each(testEngines)('timers migrated to due work on %s', (_, open) => {
  it('keeps the timers and their claims through the rename of claimed_until', async () => {
    const opened = await open();
    try {
      const before = opened.database.forSchema<{ timers: { post_uuid: string; due_at: Date; scheduled_revision: number; claimed_until: Date | null } }>(SCHEDULER_SCHEMA);
      await migrateSchema(before, schedulerMigrations.slice(0, 3));
      const [free, held] = [randomUUID(), randomUUID()];
      const dueAt = new Date(Date.now() - 1_000);
      const heldUntil = new Date(Date.now() + 60_000);
      await before.db.insertInto('timers').values([
        { post_uuid: free, due_at: dueAt, scheduled_revision: 2, claimed_until: null },
        { post_uuid: held, due_at: dueAt, scheduled_revision: 3, claimed_until: heldUntil },
      ]).execute();

      await migrateSchema(before, schedulerMigrations);

      const after = opened.database.forSchema<SchedulerTables>(SCHEDULER_SCHEMA);
      const rows = await after.db.selectFrom('timers').select(['post_uuid', 'lease_until', 'expired_leases']).where('post_uuid', '=', held).execute();
      expect(rows.map((row) => ({ ...row, lease_until: toDate(row.lease_until) }))).toEqual([{ post_uuid: held, lease_until: heldUntil, expired_leases: 0 }]);
      expect(await new TimerStore(after).claimDue(LEASE_MS, 10)).toEqual([
        { postUuid: free, dueAt, scheduledRevision: 2, trace: { traceparent: null, storedAt: dueAt }, leaseToken: expect.any(String) },
      ]);
    } finally {
      await opened.dispose();
    }
  });
});
