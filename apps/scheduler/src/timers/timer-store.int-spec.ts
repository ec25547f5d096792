import { randomUUID } from 'node:crypto';
import { SchemaDatabase } from '@app/persistence';
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
    timers.apply(postUuid, revision, { kind: 'set', dueAt, scheduledRevision: revision });
  const remaining = async () =>
    (await database.db.selectFrom('timers').select('post_uuid').orderBy('due_at').execute()).map((row) => row.post_uuid);

  it('removes a fired batch in one statement, but keeps a post scheduled again meanwhile', async () => {
    const [a, b, c] = [randomUUID(), randomUUID(), randomUUID()];
    for (const post of [a, b, c]) await schedule(post, 1);
    const claimed = await timers.claimDue(new Date(), LEASE_MS, 10);
    expect(claimed.map((timer) => timer.postUuid).sort()).toEqual([a, b, c].sort());

    await schedule(b, 2, new Date(Date.now() + 3_600_000));
    await timers.removeFired(claimed);

    expect(await remaining()).toEqual([b]);
  });

  it('gives a claimed batch back so that the next claim takes it again', async () => {
    const posts = [randomUUID(), randomUUID()];
    for (const post of posts) await schedule(post, 1);
    const claimed = await timers.claimDue(new Date(), LEASE_MS, 10);
    expect(await timers.claimDue(new Date(), LEASE_MS, 10)).toEqual([]);

    await timers.release(claimed);

    const again: DueTimer[] = await timers.claimDue(new Date(), LEASE_MS, 10);
    expect(again.map((timer) => timer.postUuid).sort()).toEqual([...posts].sort());
  });
});
