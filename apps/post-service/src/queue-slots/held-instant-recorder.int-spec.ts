import { randomUUID } from 'node:crypto';
import { PostCommand } from '@app/domain';
import { SqlEventStore } from '@app/event-store';
import { migrateSchema, sqliteStatementCounts } from '@app/persistence';
import { testEngines } from '@app/persistence/testing';
import { PostCommandRunner } from '../command-handling/post-command-runner';
import { POSTS_SCHEMA, PostsDatabase, PostsTables } from '../post-service-schema';
import { HeldInstantRecorder } from './held-instant-recorder';
import { QueueSlotStore } from './queue-slot-store';
import { queueSlotsMigration } from './queue-slots-schema';

const actor = { userId: 1, canApprove: true };
const scheduledAt = '2026-12-01T09:00:00.000Z';
const scheduled = (postUuid: string, workspaceUuid: string): PostCommand => ({
  type: 'CreatePost',
  postUuid,
  workspaceUuid,
  actor,
  now: '2026-11-29T08:00:00.000Z',
  input: {
    versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hi', media: [] }], options: {} }],
    accounts: [{ id: 11, provider: 'sandbox', name: 'A', username: null }],
    tags: [],
    intent: { kind: 'schedule', scheduledAt },
  },
});

/** The instant a post holds after a command, recorded by the command's runner: with the events in SQLite's one transaction, after them on PostgreSQL. */
describe.each(testEngines)('HeldInstantRecorder with the command runner on %s', (engine, open) => {
  let dispose: () => Promise<void>;
  let store: SqlEventStore;
  let posts: PostsDatabase;
  let runner: PostCommandRunner;

  beforeAll(async () => {
    const opened = await open();
    dispose = opened.dispose;
    store = new SqlEventStore(opened.database);
    await store.migrate();
    posts = opened.database.forSchema<PostsTables>(POSTS_SCHEMA);
    await migrateSchema(posts, [queueSlotsMigration]);
    runner = new PostCommandRunner(store, new HeldInstantRecorder(new QueueSlotStore(posts)));
  });
  afterAll(async () => {
    await store.close();
    await dispose();
  });

  it('records the instant a scheduled post holds with the revision of its last event', async () => {
    const postUuid = randomUUID();
    const commitsBefore = sqliteStatementCounts.commit + sqliteStatementCounts.writesAlone;

    const outcome = await runner.run(postUuid, scheduled(postUuid, randomUUID()));

    const held = await posts.db.selectFrom('held_instants').select(['held_at', 'revision']).where('post_uuid', '=', postUuid).executeTakeFirstOrThrow();
    expect({ heldAt: new Date(held.held_at!).toISOString(), revision: Number(held.revision) }).toEqual({ heldAt: scheduledAt, revision: outcome.revision });
    // On SQLite the events and the instant commit together.
    if (engine === 'SQLite') expect(sqliteStatementCounts.commit + sqliteStatementCounts.writesAlone - commitsBefore).toBe(1);
  });
});
