import { randomUUID } from 'node:crypto';
import { Topics } from '@app/contracts';
import { PostEvent, postStreamId } from '@app/domain';
import { SqlEventStore } from '@app/event-store';
import { IncomingMessage, MessageBus } from '@app/messaging';
import { PgliteSqlClient, runMigrations } from '@app/persistence';
import { toNewEvent, toPostEventMessage } from '../command-handling/post-event-codec';
import { PostsReadModel } from '../read-model/posts-read-model';
import { POSTS_SCHEMA, postsReadModelMigration } from '../read-model/posts-schema';
import { PostsProjection } from './posts-projection';

const WORKSPACE = '7e1d2c3b-4a59-4687-b9c0-d1e2f3a4b5c6';
const at = '2026-11-22T09:00:00.000Z';

describe('PostsProjection on PGlite', () => {
  let sql: PgliteSqlClient;
  let store: SqlEventStore;
  let projection: PostsProjection;
  let readModel: PostsReadModel;

  beforeAll(async () => {
    sql = await PgliteSqlClient.open();
    store = new SqlEventStore(sql);
    await store.migrate();
    await runMigrations(sql, POSTS_SCHEMA, [postsReadModelMigration]);
    // Messages are handed to the projection directly; the bus is never asked.
    projection = new PostsProjection({} as MessageBus, sql, store);
    readModel = new PostsReadModel(sql);
  });
  afterAll(async () => {
    await store.close();
    await sql.close();
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
    (await sql.query<{ revision: number }>(`SELECT revision FROM ${POSTS_SCHEMA}.posts WHERE uuid = $1`, [postUuid]))[0]?.revision;

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
    expect(await readModel.waitForRevision(postUuid, 2, 0)).toBe(true);
  });

  it('rejects a message that is not a post event, so the bus can retry and park it', async () => {
    const message: IncomingMessage = { topic: Topics.postEvents, partition: 0, offset: '9', key: 'k', value: { hello: 1 }, headers: {}, timestamp: at };
    await expect(projection.handle(message)).rejects.toThrow('Not a post event at post-events/0@9');
  });
});
