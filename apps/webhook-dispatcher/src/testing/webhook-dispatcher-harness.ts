import { DynamicModule, Global, Module } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { randomUUID } from 'node:crypto';
import * as vm from 'node:vm';
import { APP_CONFIG, loadConfig } from '@app/config';
import { PostEventMessage, Topics } from '@app/contracts';
import { PostEvent } from '@app/domain';
import { InProcessMessageBus, InProcessRpc, MESSAGE_BUS, RPC_CLIENT, RPC_SERVER } from '@app/messaging';
import { PgliteSqlClient, SQL_CLIENT } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';
import { databaseBeside } from '@app/testing';
import { WebhookDispatcherModule } from '../webhook-dispatcher.module';

@Global()
@Module({})
class TestInfrastructureModule {
  static forRoot(sql: PgliteSqlClient, bus: InProcessMessageBus, rpc: InProcessRpc, env: Record<string, string>): DynamicModule {
    const providers = [
      { provide: SQL_CLIENT, useValue: sql },
      { provide: MESSAGE_BUS, useValue: bus },
      { provide: RPC_CLIENT, useValue: rpc },
      { provide: RPC_SERVER, useValue: rpc },
      { provide: APP_CONFIG, useValue: loadConfig(env) },
      { provide: SECRET_BOX, useValue: new SecretBox('test') },
    ];
    return { module: TestInfrastructureModule, providers, exports: providers.map((provider) => provider.provide) };
  }
}

/**
 * The webhook dispatcher on real infrastructure in this process: an in-memory PGlite database
 * (shared by a restarted dispatcher), the durable in-process bus and in-process RPC.
 */
export class WebhookDispatcherHarness {
  private constructor(
    readonly sql: PgliteSqlClient,
    readonly bus: InProcessMessageBus,
    readonly rpc: InProcessRpc,
    private readonly app: TestingModule,
  ) {}

  static async start(env: Record<string, string>, sql?: PgliteSqlClient): Promise<WebhookDispatcherHarness> {
    // PGlite loads parts of itself with import(), which Jest runs only with VM modules enabled.
    if (typeof (vm as { SourceTextModule?: unknown }).SourceTextModule !== 'function') {
      throw new Error('PGlite under Jest needs NODE_OPTIONS=--experimental-vm-modules');
    }
    const database = sql ?? (await PgliteSqlClient.open());
    const bus = new InProcessMessageBus(databaseBeside(database));
    await bus.migrate();
    const rpc = new InProcessRpc();
    const app = await Test.createTestingModule({
      imports: [TestInfrastructureModule.forRoot(database, bus, rpc, env), WebhookDispatcherModule],
    }).compile();
    app.useLogger(['error']);
    await app.init();
    return new WebhookDispatcherHarness(database, bus, rpc, app);
  }

  request<Reply>(method: string, payload: unknown): Promise<Reply> {
    return this.rpc.request<Reply>(method, payload);
  }

  /** Publishes the events of one post on `post-events`, revisions counted from `firstRevision`. */
  async publishPostEvents(postUuid: string, events: PostEvent[], firstRevision = 0): Promise<PostEventMessage[]> {
    const messages = events.map<PostEventMessage>((event, index) => ({
      ...event,
      eventId: randomUUID(),
      postUuid,
      revision: firstRevision + index,
      position: firstRevision + index,
      recordedAt: new Date().toISOString(),
    }));
    await this.bus.publish(
      Topics.postEvents,
      messages.map((message) => ({ key: postUuid, value: message, headers: { 'event-id': message.eventId, 'event-type': message.type } })),
    );
    return messages;
  }

  private stopped = false;

  /** Stops the dispatcher (once); the database stays open unless `closeDatabase`. */
  async stop(closeDatabase = true): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      await this.app.close();
      await this.bus.close();
    }
    if (closeDatabase) await this.sql.close();
  }
}

/** Events of a post created in `workspaceUuid` with two accounts, then scheduled. */
export function createdAndScheduled(postUuid: string, workspaceUuid: string, scheduledAt = '2026-12-01T09:30:00Z'): PostEvent[] {
  const at = new Date().toISOString();
  return [
    {
      type: 'PostCreated',
      data: {
        postUuid,
        workspaceUuid,
        createdBy: 1,
        versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} }],
        accounts: [
          { id: 1, provider: 'sandbox', name: 'Acme', username: 'acme' },
          { id: 2, provider: 'sandbox', name: 'Acme Two', username: null },
        ],
        tags: [],
        at,
      },
    },
    { type: 'PostScheduled', data: { scheduledAt, at } },
  ];
}
