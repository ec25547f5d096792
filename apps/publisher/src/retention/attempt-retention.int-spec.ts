import { randomUUID } from 'node:crypto';
import { loadConfig } from '@app/config';
import { SchemaDatabase } from '@app/persistence';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { PUBLISHER_SCHEMA, PublisherTables, publisherMigrations } from '../publisher-migrations';
import { AttemptRetention } from './attempt-retention';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The publish attempts journal's retention, on both engines. */
describe.each(testEngines)('AttemptRetention on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: SchemaDatabase<PublisherTables>;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<PublisherTables>(open, PUBLISHER_SCHEMA, publisherMigrations));
  });
  afterAll(() => dispose());

  it('removes attempts finished longer ago than the retention; keeps recent ones and those a crash left started, with their steps', async () => {
    const now = new Date('2026-11-24T12:00:00Z');
    const ago = (days: number) => new Date(now.getTime() - days * DAY_MS);
    const attempt = async (name: string, state: 'started' | 'finished', ageDays: number) => {
      const postUuid = randomUUID();
      await database.db
        .insertInto('attempts')
        .values({ post_uuid: postUuid, account_id: 1, round: 1, state, outcome: state === 'finished' ? 'published' : null, errors: database.dialect.json([]), started_at: ago(ageDays), finished_at: state === 'finished' ? ago(ageDays) : null })
        .execute();
      return [name, postUuid] as const;
    };
    const posts = new Map([await attempt('old', 'finished', 91), await attempt('recent', 'finished', 89), await attempt('cut off', 'started', 200)]);
    // A crash fell between storing the recent one's result and forgetting its steps.
    for (const name of ['recent', 'cut off']) {
      await database.db
        .insertInto('attempt_items')
        .values({ post_uuid: posts.get(name)!, account_id: 1, round: 1, item_index: 0, state: 'published', external_id: 'x', external_url: null, reference: null, started_at: ago(1), finished_at: ago(1) })
        .execute();
    }

    const retention = new AttemptRetention(database, loadConfig({ PUBLISH_ATTEMPT_RETENTION_DAYS: '90' }));
    expect(await retention.prune(now)).toBe(1);
    const left = new Set((await database.db.selectFrom('attempts').select('post_uuid').execute()).map((row) => row.post_uuid));
    expect([...posts].filter(([, uuid]) => left.has(uuid)).map(([name]) => name)).toEqual(['recent', 'cut off']);
    const steps = (await database.db.selectFrom('attempt_items').select('post_uuid').execute()).map((row) => row.post_uuid);
    expect(steps).toEqual([posts.get('cut off')]);
  });
});
