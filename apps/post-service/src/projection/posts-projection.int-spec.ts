import { randomUUID } from 'node:crypto';
import { Topics } from '@app/contracts';
import { PostEvent, postStreamId } from '@app/domain';
import { SqlEventStore } from '@app/event-store';
import { IncomingMessage, MessageBus } from '@app/messaging';
import { migrateSchema, SqlDatabase, testEngines } from '@app/persistence';
import { toNewEvent, toPostEventMessage } from '../command-handling/post-event-codec';
import { PostsReadModel } from '../read-model/posts-read-model';
import { POSTS_SCHEMA, PostsDatabase, PostsTables, postsReadModelMigration } from '../read-model/posts-schema';
import { ProjectionProgress } from '../read-model/projection-progress';
import { PostsProjection } from './posts-projection';

const WORKSPACE = '7e1d2c3b-4a59-4687-b9c0-d1e2f3a4b5c6';
const at = '2026-11-22T09:00:00.000Z';

describe.each(testEngines)('PostsProjection on %s', (_engine, open) => {
  let database: SqlDatabase;
  let dispose: () => Promise<void>;
  let posts: PostsDatabase;
  let store: SqlEventStore;
  let progress: ProjectionProgress;
  let projection: PostsProjection;
  let readModel: PostsReadModel;

  beforeAll(async () => {
    ({ database, dispose } = await open());
    store = new SqlEventStore(database);
    await store.migrate();
    posts = database.forSchema<PostsTables>(POSTS_SCHEMA);
    await migrateSchema(posts, [postsReadModelMigration]);
    progress = new ProjectionProgress();
    // Messages are handed to the projection directly; the bus is never asked.
    projection = new PostsProjection({} as MessageBus, posts, store, progress);
    readModel = new PostsReadModel(posts, progress);
  });
  afterAll(async () => {
    await store.close();
    await dispose();
  });

  async function storedPost(...events: PostEvent[]): Promise<IncomingMessage[]> {
    const postUuid = randomUUID();
    const history: PostEvent[] = [
      {
        type: 'PostCreated',
        data: { postUuid, workspaceUuid: WORKSPACE, createdBy: 1, versions: [], accounts: [], tags: ['t'], at },
      },
      ...events,
    ];
    await store.appendToStream(postStreamId(postUuid), history.map((event) => toNewEvent(event, { commandType: 'Test' })), 'no_stream');
    const recorded = await store.readStream(postStreamId(postUuid));
    return recorded.map((event, offset) => ({
      topic: Topics.postEvents,
      partition: 0,
      offset: String(offset),
      key: postUuid,
      value: toPostEventMessage(event),
      headers: {},
      timestamp: at,
    }));
  }
  const revisionOf = async (postUuid: string) =>
    (await posts.db.selectFrom('posts').select('revision').where('uuid', '=', postUuid).executeTakeFirst())?.revision;

  it('applies each revision once, however often it is delivered', async () => {
    const messages = await storedPost({ type: 'PostScheduled', data: { scheduledAt: '2026-11-23T09:00:00.000Z', at } });
    const postUuid = messages[0].key;
    for (const message of [messages[0], messages[0], messages[1], messages[0], messages[1]]) await projection.handle(message);
    expect(await revisionOf(postUuid)).toBe(1);
    expect(await readModel.find(WORKSPACE, postUuid)).toMatchObject({ status: 'scheduled', scheduled_at: '2026-11-23T09:00:00.000Z', tags: ['t'] });
  });

  it('catches up from the event store when events before the delivered one are missing', async () => {
    const messages = await storedPost(
      { type: 'PostScheduled', data: { scheduledAt: '2026-11-23T09:00:00.000Z', at } },
      { type: 'PostDeleted', data: { deletedBy: 1, at } },
    );
    const postUuid = messages[0].key;
    await projection.handle(messages[2]);
    expect(await revisionOf(postUuid)).toBe(2);
    expect(await readModel.find(WORKSPACE, postUuid)).toBeNull();
  });

  it('lets a read wait for a write of this process until the projection has it, woken by the projection', async () => {
    const messages = await storedPost({ type: 'PostScheduled', data: { scheduledAt: '2026-11-23T09:00:00.000Z', at } });
    const postUuid = messages[0].key;
    await projection.handle(messages[0]);
    progress.appended(postUuid, 1);
    let answered: unknown = 'pending';
    const read = readModel.find(WORKSPACE, postUuid).then((post) => (answered = post));
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(answered).toBe('pending');

    await projection.handle(messages[1]);
    await read;
    expect(answered).toMatchObject({ status: 'scheduled' });
    const started = Date.now();
    expect(await readModel.list({ workspaceUuid: WORKSPACE, status: 'scheduled', page: 1, limit: 50 })).toMatchObject({
      data: expect.arrayContaining([expect.objectContaining({ uuid: postUuid })]),
    });
    expect(Date.now() - started).toBeLessThan(500);
  });

  it('rejects a message that is not a post event, so the bus can retry and park it', async () => {
    const message: IncomingMessage = { topic: Topics.postEvents, partition: 0, offset: '9', key: 'k', value: { hello: 1 }, headers: {}, timestamp: at };
    await expect(projection.handle(message)).rejects.toThrow('Not a post event at post-events/0@9');
  });
});
