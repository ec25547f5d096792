import { Logger } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { PostEventMessage, Topics } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { IncomingMessage, InProcessMessageBus, MESSAGE_BUS } from '@app/messaging';
import { migrateSchema, openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { createThrowawayDatabase, ThrowawayDatabase } from '@app/persistence/testing';
import { startMessageHandlers, testInfrastructure } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { SchedulerModule } from '../src/scheduler.module';
import { SCHEDULER_SCHEMA, SchedulerTables, schedulerMigrations } from '../src/scheduler-migrations';

interface Scheduler {
  bus: InProcessMessageBus;
  stop(): Promise<void>;
}

async function startScheduler(database: SqlDatabase): Promise<Scheduler> {
  const moduleRef: TestingModule = await Test.createTestingModule({ imports: [testInfrastructure(database), SchedulerModule] }).compile();
  await moduleRef.init();
  await startMessageHandlers(moduleRef);
  const bus = moduleRef.get<InProcessMessageBus>(MESSAGE_BUS);
  return {
    bus,
    stop: async () => {
      await moduleRef.close();
      await bus.close();
    },
  };
}

/** A consumer of `post-commands` that remembers what arrived and when. */
async function watchCommands(bus: InProcessMessageBus) {
  const received: Array<{ at: number; message: IncomingMessage }> = [];
  await bus.subscribe({
    groupId: `test-probe-${randomUUID()}`,
    topics: [Topics.postCommands],
    handle: async (message) => void received.push({ at: Date.now(), message }),
  });
  const of = (postUuid: string) => received.filter((entry) => entry.message.key === postUuid);
  return {
    of,
    first: (postUuid: string) => eventually(() => of(postUuid)[0], `a command for post ${postUuid}`),
  };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

const scheduled = (postUuid: string, revision: number, scheduledAt: Date) =>
  samplePostEvent('post.scheduled', { postUuid, revision, post: { status: 'scheduled', scheduled_at: scheduledAt.toISOString() } });
const deleted = (postUuid: string, revision: number) => samplePostEvent('post.deleted', { postUuid, revision });
const updated = (postUuid: string, revision: number) => samplePostEvent('post.updated', { postUuid, revision });

async function send(bus: InProcessMessageBus, ...events: PostEventMessage[]): Promise<void> {
  await bus.publish(Topics.postEvents, events.map((event) => ({ key: event.postUuid, value: event })));
}

const timerRows = (database: SqlDatabase, postUuid: string) =>
  database
    .forSchema<SchedulerTables>(SCHEDULER_SCHEMA)
    .db.selectFrom('timers')
    .select('scheduled_revision')
    .where('post_uuid', '=', postUuid)
    .execute();

beforeAll(() => Logger.overrideLogger(['error']));

describe('SchedulerModule embedded (SQLite)', () => {
  let database: SqlDatabase;
  let scheduler: Scheduler | null = null;

  // One database for the suite: every test uses posts of its own.
  beforeAll(async () => {
    database = openSqliteDatabase();
  });
  afterEach(async () => {
    await scheduler?.stop();
    scheduler = null;
  });
  afterAll(async () => {
    await database.close();
  });

  it('sends StartPublishing within a second of the due time and then drops the timer', async () => {
    scheduler = await startScheduler(database);
    const commands = await watchCommands(scheduler.bus);
    const post = randomUUID();
    const dueAt = new Date(Date.now() + 1_500);

    await send(scheduler.bus, scheduled(post, 1, dueAt));
    const { at, message } = await commands.first(post);

    expect(message.value).toEqual({
      commandId: `start-publishing:${post}:1`,
      type: 'StartPublishing',
      postUuid: post,
      scheduledRevision: 1,
      sentAt: expect.any(String),
    });
    expect(at).toBeGreaterThanOrEqual(dueAt.getTime());
    expect(at - dueAt.getTime()).toBeLessThan(1_000);
    await sleep(200);
    expect(await timerRows(database, post)).toEqual([]);
  });

  it('drops the timer when the post is deleted, and a redelivered schedule does not bring it back', async () => {
    scheduler = await startScheduler(database);
    const commands = await watchCommands(scheduler.bus);
    const post = randomUUID();

    await send(scheduler.bus, scheduled(post, 1, new Date(Date.now() + 800)), deleted(post, 2), scheduled(post, 1, new Date(Date.now() + 800)));
    await sleep(1_500);

    expect(commands.of(post)).toEqual([]);
    expect(await timerRows(database, post)).toEqual([]);
  });

  it('drops the timer when the post is edited, and fires only the schedule that follows the edit', async () => {
    scheduler = await startScheduler(database);
    const commands = await watchCommands(scheduler.bus);
    const edited = randomUUID();
    const rescheduled = randomUUID();
    const soon = new Date(Date.now() + 600);
    const later = new Date(Date.now() + 1_200);

    await send(scheduler.bus, scheduled(edited, 1, soon), updated(edited, 2));
    await send(scheduler.bus, scheduled(rescheduled, 1, soon), updated(rescheduled, 2), scheduled(rescheduled, 3, later));
    const { at, message } = await commands.first(rescheduled);

    expect(message.value).toMatchObject({ postUuid: rescheduled, scheduledRevision: 3 });
    expect(at).toBeGreaterThanOrEqual(later.getTime());
    expect(commands.of(rescheduled)).toHaveLength(1);
    expect(commands.of(edited)).toEqual([]);
    expect(await timerRows(database, edited)).toEqual([]);
  });

  it('fires at start the timers that came due while it was down', async () => {
    const first = await startScheduler(database);
    const post = randomUUID();
    const dueAt = new Date(Date.now() + 700);
    await send(first.bus, scheduled(post, 4, dueAt));
    await eventually(async () => (await timerRows(database, post)).length === 1, 'the timer of the post', { timeoutMs: 3_000 });
    await first.stop();
    expect(await timerRows(database, post)).toEqual([{ scheduled_revision: 4 }]);

    await sleep(1_000);
    const restartedAt = Date.now();
    scheduler = await startScheduler(database);
    const commands = await watchCommands(scheduler.bus);
    const { at, message } = await commands.first(post);

    expect(message.value).toMatchObject({ type: 'StartPublishing', postUuid: post, scheduledRevision: 4 });
    expect(Date.parse((message.value as { sentAt: string }).sentAt)).toBeGreaterThanOrEqual(restartedAt);
    expect(at - restartedAt).toBeLessThan(1_000);
  });
});

describe('SchedulerModule replicas on PostgreSQL', () => {
  let throwaway: ThrowawayDatabase;
  const clients: Array<{ close(): Promise<void> }> = [];

  beforeAll(async () => {
    throwaway = await createThrowawayDatabase('sps_scheduler');
  });
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
    await throwaway.drop();
  });

  it('fire each due timer once between them', async () => {
    const replicaDatabase = () => {
      const database = openPostgresDatabase(throwaway.url, { max: 4 });
      clients.push(database);
      return database;
    };
    const setup = replicaDatabase().forSchema<SchedulerTables>(SCHEDULER_SCHEMA);
    await migrateSchema(setup, schedulerMigrations);
    const posts = Array.from({ length: 40 }, () => randomUUID());
    for (const [index, post] of posts.entries()) {
      await setup.db
        .insertInto('timers')
        .values({ post_uuid: post, due_at: new Date(Date.now() - 1_000 + index), scheduled_revision: 1, lease_until: null, lease_token: null })
        .execute();
    }

    const replicas = await Promise.all([startScheduler(replicaDatabase()), startScheduler(replicaDatabase())]);
    const probeBus = new InProcessMessageBus(replicaDatabase(), { pollIntervalMs: 50 });
    const commands = await watchCommands(probeBus);
    try {
      for (const post of posts) await commands.first(post);
      await sleep(500);
      expect(posts.map((post) => commands.of(post).length)).toEqual(posts.map(() => 1));
      expect(await setup.db.selectFrom('timers').select('post_uuid').execute()).toEqual([]);
    } finally {
      await probeBus.close();
      await Promise.all(replicas.map((replica) => replica.stop()));
    }
  });
});
