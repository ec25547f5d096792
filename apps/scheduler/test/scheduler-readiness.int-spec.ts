import { Module } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@app/config';
import { Topics } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { connectMessageHandlers, InProcessMessageBus, OutgoingMessage } from '@app/messaging';
import { openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { createHttpApp, HealthModule } from '@app/runtime';
import { testInfrastructure } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { SchedulerModule } from '../src/scheduler.module';

/** The in-process bus, whose sends to `post-commands` can be held: a call that hangs. */
class HoldingBus extends InProcessMessageBus {
  private held: Promise<void> | null = null;
  private letGo = () => undefined as void;
  sentCommands = 0;

  hold(): void {
    this.held = new Promise((resolve) => (this.letGo = resolve));
  }

  release(): void {
    this.held = null;
    this.letGo();
  }

  override async publish(topic: string, messages: readonly OutgoingMessage[]): Promise<void> {
    if (topic === Topics.postCommands) {
      await this.held;
      this.sentCommands += messages.length;
    }
    return super.publish(topic, messages);
  }
}

@Module({})
class SchedulerUnderTest {}

const LOOP_STALE_MS = 1_000;

interface Readiness {
  status: number;
  body: { status: string; info?: object; error?: Record<string, { status: string; message?: string }> };
}

async function readiness(url: string): Promise<Readiness> {
  const response = await fetch(`${url}/health/ready`);
  return { status: response.status, body: (await response.json()) as Readiness['body'] };
}

/** The readiness once it answers `status`; gives up telling the last answer. */
async function readinessOnceItIs(url: string, status: number): Promise<Readiness> {
  let last: Readiness | undefined;
  return eventually(async () => (last = await readiness(url)).status === status && last, () => `readiness to answer ${status}; the last answer was ${JSON.stringify(last)}`, {
    timeoutMs: 10_000,
    intervalMs: 100,
  });
}

describe('the scheduler\'s readiness, with READINESS_LOOP_STALE_MS of one second', () => {
  let database: SqlDatabase;
  let bus: HoldingBus;
  let app: NestFastifyApplication;
  let url: string;

  beforeAll(async () => {
    database = openSqliteDatabase();
    bus = new HoldingBus(database);
    await bus.migrate();
    const config = loadConfig({ READINESS_LOOP_STALE_MS: String(LOOP_STALE_MS) });
    app = await createHttpApp({ module: SchedulerUnderTest, imports: [testInfrastructure(database, { config, messageBus: bus }), SchedulerModule, HealthModule] }, false);
    connectMessageHandlers(app);
    await app.init();
    await app.startAllMicroservices();
    await app.listen(0, '127.0.0.1');
    url = (await app.getUrl()).replace('[::1]', '127.0.0.1');
  });

  afterAll(async () => {
    bus?.release();
    await app?.close();
    await bus?.close();
    await database?.close();
  });

  it('stays ready while idle past the allowance (its loops beat at each wake-up), is not ready while its timer firing hangs on a send, naming the loop, and is ready again once the send returns', async () => {
    // Idle for longer than the allowance: the loops said how long they sleep.
    await new Promise((resolve) => setTimeout(resolve, LOOP_STALE_MS * 2));
    expect(await readiness(url)).toMatchObject({ status: 200, body: { status: 'ok', info: { database: { status: 'up' }, loops: { status: 'up' }, consumers: { status: 'up' } } } });

    bus.hold();
    const postUuid = randomUUID();
    const due = samplePostEvent('post.scheduled', { postUuid, revision: 1, post: { status: 'scheduled', scheduled_at: new Date(Date.now() - 1_000).toISOString() } });
    await bus.publish(Topics.postEvents, [{ key: postUuid, value: due }]);

    const stalled = await readinessOnceItIs(url, 503);
    expect(stalled).toMatchObject({
      status: 503,
      body: {
        status: 'error',
        info: { database: { status: 'up' }, consumers: { status: 'up' } },
        error: { loops: { status: 'down', message: expect.stringMatching(/^Loop "scheduler timer firing" has not turned for \d+\.\d s \(allowed 1\.0 s\)$/) } },
      },
    });
    expect(bus.sentCommands).toBe(0);

    bus.release();
    const recovered = await readinessOnceItIs(url, 200);
    expect(recovered).toMatchObject({ status: 200, body: { status: 'ok' } });
    expect(bus.sentCommands).toBe(1);
  });
});
