import { ConsoleLogger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { ConsumerGroups, decodePostEventMessage, PostCommandReply, PostEventMessage, PostView, RpcMethods, ServiceError, ServiceErrorBody, Topics } from '@app/contracts';
import type { PostContentInput, ScheduleIntent } from '@app/domain';
import { accountA, accountB, approver, original } from '@app/domain/testing';
import { SqlEventStore } from '@app/event-store';
import { InProcessMessageBus, InProcessRpc } from '@app/messaging';
import { SqlDatabase } from '@app/persistence';
import { openPostgresForTest, openSqliteForTest, TestDatabase } from '@app/persistence/testing';
import { startMessageHandlers, testInfrastructure } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { PostServiceModule } from '../src/post-service.module';

interface Infrastructure {
  database: SqlDatabase;
  store: SqlEventStore;
  bus: InProcessMessageBus;
  rpc: InProcessRpc;
}

export interface PostServiceHarness extends Infrastructure {
  /** The latest `post-events` message of each post, as a reader of the topic sees them. */
  published: Map<string, PostEventMessage>;
  close(): Promise<void>;
}

export type DatabaseKind = 'SQLite' | 'PostgreSQL';

/** SQLite in memory (embedded mode), or a throwaway database on the PostgreSQL server (distributed mode). */
const openDatabase = (kind: DatabaseKind): Promise<TestDatabase> =>
  kind === 'SQLite' ? Promise.resolve(openSqliteForTest()) : openPostgresForTest('sps_posts');

/** PostServiceModule started as the apps start it, with the real adapters of the infrastructure. */
export async function startPostService(kind: DatabaseKind = 'SQLite'): Promise<PostServiceHarness> {
  const { database, dispose } = await openDatabase(kind);
  const store = new SqlEventStore(database, { pollIntervalMs: 50 });
  await store.migrate();
  const bus = new InProcessMessageBus(database, { retry: { firstDelayMs: 10 }, pollIntervalMs: 100 });
  await bus.migrate();
  const rpc = new InProcessRpc();
  const moduleRef = await Test.createTestingModule({
    imports: [testInfrastructure(database, { messageBus: bus, rpc, eventStore: store }), PostServiceModule],
  })
    .setLogger(new ConsoleLogger('test', { logLevels: ['error', 'warn'] }))
    .compile();
  await moduleRef.init();
  await startMessageHandlers(moduleRef);
  const published = new Map<string, PostEventMessage>();
  const reader = await bus.subscribe({
    groupId: `${ConsumerGroups.gatewayPosts}.test`,
    topics: [Topics.postEvents],
    handle: async ({ value }) => {
      const message = decodePostEventMessage(value);
      if ((published.get(message.postUuid)?.revision ?? -1) < message.revision) published.set(message.postUuid, message);
    },
  });
  return {
    database,
    store,
    bus,
    rpc,
    published,
    close: async () => {
      await reader.stop();
      await moduleRef.close();
      await bus.close();
      await store.close();
      await dispose();
    },
  };
}

export const accounts = [accountA, accountB];
export const inAnHour = () => new Date(Date.now() + 3_600_000).toISOString();

export function content(intent: ScheduleIntent = { kind: 'draft' }, body = 'Hello'): PostContentInput {
  return {
    versions: [{ ...original, content: [{ body, media: [] }] }],
    accounts,
    tags: ['launch'],
    intent,
  };
}

/**
 * The gateway's side of post-service: commands over RPC, and reads of what the service published on
 * `post-events` (the post as the latest message shows it, once it shows the last reply's revision).
 */
export function postsClient({ rpc, published }: Pick<PostServiceHarness, 'rpc' | 'published'>, workspaceUuid: string) {
  const written = new Map<string, number>();
  const send = async (method: string, request: { postUuid: string }): Promise<PostView | null> => {
    const reply = await rpc.request<PostCommandReply>(method, { workspaceUuid, ...request });
    written.set(request.postUuid, reply.revision);
    return reply.post;
  };
  const sendForPost = async (method: string, request: { postUuid: string }): Promise<PostView> => (await send(method, request))!;
  return {
    create: (input: PostContentInput, actor = approver, postUuid: string = randomUUID()) => sendForPost(RpcMethods.createPost, { postUuid, actor, input } as never),
    update: (postUuid: string, input: PostContentInput, actor = approver) => sendForPost(RpcMethods.updatePost, { postUuid, actor, input } as never),
    remove: (postUuid: string, actor = approver) => send(RpcMethods.deletePost, { postUuid, actor } as never),
    approve: (postUuid: string, actor = approver) => sendForPost(RpcMethods.approvePost, { postUuid, actor } as never),
    /** The post as post-events last showed it; not_found for a deleted post or one of another workspace. */
    get: async (postUuid: string): Promise<PostView> => {
      const revision = written.get(postUuid) ?? 0;
      const message = await eventually(() => {
        const latest = published.get(postUuid);
        return latest && latest.revision >= revision ? latest : undefined;
      }, `post ${postUuid} at revision ${revision} on post-events`).catch(() => undefined);
      if (!message || message.deleted || message.workspaceUuid !== workspaceUuid) throw new ServiceError('not_found', 'Post not found.');
      return message.post;
    },
  };
}

/** The ServiceError a call fails with, as its body; fails the test when the call succeeds. */
export async function failureOf(call: Promise<unknown>): Promise<ServiceErrorBody> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ServiceError) return error.toBody();
    throw error;
  }
  throw new Error('Expected the call to fail');
}

/** A suite's service, started before its tests and closed after them, and for each test a client of a new workspace. */
export function postServiceForEachTest(database: DatabaseKind): { readonly service: PostServiceHarness; readonly posts: ReturnType<typeof postsClient> } {
  const suite = {} as { service: PostServiceHarness; posts: ReturnType<typeof postsClient> };
  beforeAll(async () => {
    suite.service = await startPostService(database);
  });
  afterAll(async () => {
    await suite.service?.close();
  });
  beforeEach(() => {
    suite.posts = postsClient(suite.service, randomUUID());
  });
  return suite;
}
