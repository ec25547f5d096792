import { randomUUID } from 'node:crypto';
import { loadConfig } from '@app/config';
import { SchemaDatabase } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { SCHEDULER_SCHEMA, SchedulerTables, schedulerMigrations } from '../scheduler-migrations';
import { PostTrackingRetention } from './post-tracking-retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The retention of the scheduler's per-post rows, on both engines. */
describe.each(testEngines)('PostTrackingRetention on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<SchedulerTables>;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<SchedulerTables>(open, SCHEDULER_SCHEMA, schedulerMigrations));
  });
  afterAll(() => dispose());

  it('removes what it saw of posts quiet for longer than the retention; keeps recent ones, posts with a timer and rounds under watch', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const post = async (name: string, quietDays: number, options: { timer?: boolean; round?: 'ended' | 'started' } = {}) => {
      const uuid = randomUUID();
      await database.db.insertInto('post_revisions').values({ post_uuid: uuid, last_revision: 3, updated_at: ago(quietDays) }).execute();
      if (options.timer) await database.db.insertInto('timers').values({ post_uuid: uuid, due_at: ago(quietDays), scheduled_revision: 3, lease_until: null, lease_token: null }).execute();
      if (options.round) {
        const startedAt = options.round === 'started' ? ago(quietDays) : null;
        await database.db.insertInto('publishing_watch').values({ post_uuid: uuid, revision: 3, started_at: startedAt, reminded_at: null, updated_at: ago(quietDays) }).execute();
      }
      return [name, uuid] as const;
    };
    const posts = new Map([
      await post('quiet', 61, { round: 'ended' }),
      await post('recent', 59, { round: 'ended' }),
      await post('with a timer', 90, { timer: true }),
      await post('round under watch', 90, { round: 'started' }),
    ]);

    const retention = new PostTrackingRetention(database, loadConfig({ POST_TRACKING_RETENTION_DAYS: '60' }));
    expect(await retention.prune(now)).toBe(3);

    const revisions = new Set((await database.db.selectFrom('post_revisions').select('post_uuid').execute()).map((row) => row.post_uuid));
    const rounds = new Set((await database.db.selectFrom('publishing_watch').select('post_uuid').execute()).map((row) => row.post_uuid));
    const names = (kept: Set<string>) => [...posts].filter(([, uuid]) => kept.has(uuid)).map(([name]) => name);
    expect(names(revisions)).toEqual(['recent', 'with a timer']);
    expect(names(rounds)).toEqual(['recent', 'round under watch']);
  });
});
