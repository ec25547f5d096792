import { Type } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { loadConfig } from '@app/config';
import { PostEventMessage, Topics } from '@app/contracts';
import { samplePostEvent } from '@app/contracts/testing';
import { InProcessMessageBus, InProcessRpc, MESSAGE_BUS, RPC_CLIENT } from '@app/messaging';
import { openSqliteDatabase, SchemaDatabase, SqlDatabase } from '@app/persistence';
import { startMessageHandlers, testInfrastructure } from '@app/testing';
import { Patience } from '@app/testing/eventually';
import { WebhookDispatcherModule } from '../src/webhook-dispatcher.module';
import { WEBHOOKS_SCHEMA, WebhooksTables } from '../src/webhooks-schema';

/** How long the tests wait for a delivery (its attempts and retries) to show, looking every 50 ms. */
export const DELIVERY_PATIENCE: Patience = { timeoutMs: 10_000, intervalMs: 50 };

/** What a dispatcher keeps across a restart: the bus's log and the service's own tables. */
export interface DispatcherStorage {
  database: SqlDatabase;
}

/**
 * The webhook dispatcher on real infrastructure in this process: its tables in an in-memory
 * SQLite database and the durable in-process bus (both shared by a restarted dispatcher), and
 * in-process RPC.
 */
export class WebhookDispatcherHarness {
  /** The dispatcher's tables, for what a test sets up or checks directly. */
  readonly webhooks: SchemaDatabase<WebhooksTables>;
  private stopped = false;

  private constructor(
    readonly storage: DispatcherStorage,
    readonly bus: InProcessMessageBus,
    readonly rpc: InProcessRpc,
    private readonly app: TestingModule,
  ) {
    this.webhooks = storage.database.forSchema<WebhooksTables>(WEBHOOKS_SCHEMA);
  }

  static async start(env: Record<string, string>, storage?: DispatcherStorage): Promise<WebhookDispatcherHarness> {
    const kept = storage ?? { database: openSqliteDatabase() };
    const app = await Test.createTestingModule({
      imports: [
        testInfrastructure(kept.database, { config: loadConfig(env), bus: { pollIntervalMs: 100 } }),
        WebhookDispatcherModule,
      ],
    }).compile();
    app.useLogger(['error']);
    await app.init();
    await startMessageHandlers(app);
    return new WebhookDispatcherHarness(kept, app.get(MESSAGE_BUS), app.get(RPC_CLIENT), app);
  }

  /** One of the dispatcher's own providers, to watch in a test. */
  get<T>(type: Type<T>): T {
    return this.app.get(type);
  }

  request<Reply>(method: string, payload: unknown): Promise<Reply> {
    return this.rpc.request<Reply>(method, payload);
  }

  /** Publishes the messages of one post on `post-events`. */
  async publishPostEvents(postUuid: string, messages: PostEventMessage[]): Promise<PostEventMessage[]> {
    await this.bus.publish(
      Topics.postEvents,
      messages.map((message) => ({ key: postUuid, value: message, headers: { 'event-id': message.id, 'event-type': message.type } })),
    );
    return messages;
  }

  /** Stops the dispatcher (once); its storage stays open unless `closeStorage`. */
  async stop(closeStorage = true): Promise<void> {
    if (!this.stopped) {
      this.stopped = true;
      await this.app.close();
      await this.bus.close();
    }
    if (closeStorage) {
      await this.storage.database.close();
    }
  }
}

export const ACME_ACCOUNTS = [
  { id: 1, provider: 'sandbox', name: 'Acme', username: 'acme', external_url: null, errors: [], status: 'pending' as const, published_at: null, items: [null] },
  { id: 2, provider: 'sandbox', name: 'Acme Two', username: null, external_url: null, errors: [], status: 'pending' as const, published_at: null, items: [null] },
];

/** The messages of a post created in `workspaceUuid` with two accounts, then scheduled. */
export function createdAndScheduled(postUuid: string, workspaceUuid: string, scheduledAt = '2026-12-01T09:30:00Z'): PostEventMessage[] {
  const at = new Date().toISOString();
  const post = { accounts: ACME_ACCOUNTS, created_at: at, updated_at: at };
  return [
    samplePostEvent('post.created', { postUuid, workspaceUuid, revision: 0, post }),
    samplePostEvent('post.scheduled', { postUuid, workspaceUuid, revision: 1, post: { ...post, status: 'scheduled', scheduled_at: scheduledAt } }),
  ];
}
