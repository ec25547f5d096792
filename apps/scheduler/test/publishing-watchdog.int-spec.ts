import { Logger } from '@nestjs/common';
import { Test } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@app/config';
import { PostCommandMessage, Topics } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { InProcessMessageBus, MESSAGE_BUS } from '@app/messaging';
import { openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { startMessageHandlers, testInfrastructure } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { SchedulerModule } from '../src/scheduler.module';

const STUCK_AFTER_MS = 1_000;

beforeAll(() => Logger.overrideLogger(['error']));

describe('the publishing watchdog (scheduler, embedded)', () => {
  let database: SqlDatabase;
  let bus: InProcessMessageBus;
  let close: () => Promise<void>;
  const commands: PostCommandMessage[] = [];

  beforeAll(async () => {
    database = openSqliteDatabase();
    const config = loadConfig({ PUBLISHING_STUCK_AFTER_MS: String(STUCK_AFTER_MS) });
    const moduleRef = await Test.createTestingModule({ imports: [testInfrastructure(database, { config }), SchedulerModule] }).compile();
    await moduleRef.init();
    await startMessageHandlers(moduleRef);
    bus = moduleRef.get<InProcessMessageBus>(MESSAGE_BUS);
    await bus.subscribe({ groupId: `probe-${randomUUID()}`, topics: [Topics.postCommands], handle: async ({ value }) => void commands.push(value as PostCommandMessage) });
    close = async () => {
      await moduleRef.close();
      await bus.close();
      await database.close();
    };
  });
  afterAll(() => close());

  const send = (...messages: ReturnType<typeof samplePostEvent>[]) => bus.publish(Topics.postEvents, messages.map((value) => ({ key: value.postUuid, value })));
  const expiresFor = (postUuid: string) => commands.filter((command) => command.type === 'ExpirePublishing' && command.postUuid === postUuid);
  const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

  it('asks to end a round whose results did not all come in time, and only once per stuck period', async () => {
    const stuck = randomUUID();
    await send(samplePostEvent('post.publishing_started', { postUuid: stuck, revision: 2, post: { status: 'publishing', updated_at: new Date().toISOString() } }));
    const [command] = await eventually(() => expiresFor(stuck).length > 0 && expiresFor(stuck), 'an ExpirePublishing command', { timeoutMs: STUCK_AFTER_MS * 4, intervalMs: 50 });
    expect(command).toMatchObject({ type: 'ExpirePublishing', postUuid: stuck, waitedMs: expect.any(Number) });
    expect((command as Extract<PostCommandMessage, { type: 'ExpirePublishing' }>).waitedMs).toBeGreaterThanOrEqual(STUCK_AFTER_MS);
    expect(expiresFor(stuck)).toHaveLength(1);
    // The round ends (as the post-service answers): it is no longer watched.
    await send(samplePostEvent('post.failed', { postUuid: stuck, revision: 4, post: { status: 'failed' } }));
    await sleep(STUCK_AFTER_MS * 2.5);
    expect(expiresFor(stuck)).toHaveLength(1);
  });

  it('leaves alone a round that ends in time, and a late redelivered start of it', async () => {
    const fine = randomUUID();
    const start = samplePostEvent('post.publishing_started', { postUuid: fine, revision: 2, post: { status: 'publishing', updated_at: new Date().toISOString() } });
    await send(start, samplePostEvent('post.published', { postUuid: fine, revision: 4, post: { status: 'published' } }));
    await sleep(200);
    await send(start);
    await sleep(STUCK_AFTER_MS * 2.5);
    expect(expiresFor(fine)).toEqual([]);
  });
});
