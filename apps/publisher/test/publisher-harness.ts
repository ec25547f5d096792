import { Logger } from '@nestjs/common';
import { Test, TestingModule } from '@nestjs/testing';
import { AccountEventMessage, ConnectAccountReply, PostCommandMessage, RpcMethods, Topics } from '@app/contracts';
import { SAMPLE_WORKSPACE, samplePostEvent } from '@app/contracts/testing';
import { AccountSnapshot, PostVersion } from '@app/domain';
import { original } from '@app/domain/testing';
import { MEDIA_STORE, MediaStore } from '@app/media-store';
import { InProcessMessageBus, InProcessRpc, MESSAGE_BUS, RPC_CLIENT } from '@app/messaging';
import { openSqliteDatabase, SchemaDatabase, SqlDatabase } from '@app/persistence';
import { startMessageHandlers, testInfrastructure } from '@app/testing';
import { eventually } from '@app/testing/eventually';
import { ProviderHttp } from '../src/providers/http/provider-http';
import { MastodonProvider } from '../src/providers/mastodon/mastodon-provider';
import { PUBLISH_PROVIDERS } from '../src/providers/publish-provider';
import { SandboxProvider } from '../src/providers/sandbox/sandbox-provider';
import { ScriptedProvider } from './scripted-provider';
import { PublisherModule } from '../src/publisher.module';
import { PUBLISHER_SCHEMA, PublisherTables } from '../src/publisher-migrations';
import { PUBLISHER_OPTIONS } from '../src/publisher-options';

export type ResultCommand = Extract<PostCommandMessage, { type: 'RecordPublishResult' }>;
/** The workspace of every account and post here. */
export const WORKSPACE = SAMPLE_WORKSPACE;
export const account = (id: number, provider = 'sandbox'): AccountSnapshot => ({ id, provider, name: `Account ${id}`, username: null });

/**
 * The PublisherModule on SQLite and the in-process bus, with the sandbox, two scripted providers
 * (`scripted`, which reports an interrupted attempt unknown, and `idempotent`) and a Mastodon
 * provider that refuses non-public URLs (unless `allowPrivateUrls`, to reach a local instance);
 * fast retries and deferrals; every result sent to `post-commands` and every message on
 * `account-events` collected.
 */
export class PublisherHarness {
  readonly results: ResultCommand[] = [];
  readonly accountEvents: AccountEventMessage[] = [];

  private constructor(
    private readonly database: SqlDatabase,
    private readonly moduleRef: TestingModule,
    readonly tables: SchemaDatabase<PublisherTables>,
    readonly bus: InProcessMessageBus,
    readonly rpc: InProcessRpc,
    readonly scripted: ScriptedProvider,
    readonly idempotent: ScriptedProvider,
  ) {}

  static async start({ allowPrivateUrls = false }: { allowPrivateUrls?: boolean } = {}): Promise<PublisherHarness> {
    Logger.overrideLogger(['error']);
    const database = openSqliteDatabase();
    const scripted = new ScriptedProvider();
    const idempotent = new ScriptedProvider('idempotent', 'idempotency_key');
    const moduleRef = await Test.createTestingModule({ imports: [testInfrastructure(database, { bus: { retry: { firstDelayMs: 20 } } }), PublisherModule] })
      .overrideProvider(PUBLISH_PROVIDERS)
      .useValue([new SandboxProvider(), scripted, idempotent, new MastodonProvider(new ProviderHttp({ allowPrivateUrls, timeoutMs: 1_000 }))])
      .overrideProvider(PUBLISHER_OPTIONS)
      .useValue({ maxRetries: 2, maxRetryDelayMs: 30, maxDeferrals: 2, deferredPollMs: 20, deferredLeaseMs: 400 })
      .compile();
    await moduleRef.init();
    await startMessageHandlers(moduleRef);
    const harness = new PublisherHarness(
      database,
      moduleRef,
      database.forSchema<PublisherTables>(PUBLISHER_SCHEMA),
      moduleRef.get(MESSAGE_BUS),
      moduleRef.get(RPC_CLIENT),
      scripted,
      idempotent,
    );
    await harness.bus.subscribe({
      groupId: 'test-probe',
      topics: [Topics.postCommands, Topics.accountEvents],
      handle: async (message) => {
        if (message.topic === Topics.accountEvents) harness.accountEvents.push(message.value as AccountEventMessage);
        else harness.results.push(message.value as ResultCommand);
      },
    });
    return harness;
  }

  /** The media store the publisher reads (files in a temporary folder). */
  get media(): MediaStore {
    return this.moduleRef.get(MEDIA_STORE);
  }

  async close(): Promise<void> {
    await this.moduleRef.close();
    await this.bus.close();
    await this.database.close();
  }

  /** Connects as the gateway does; `deadline`: when the gateway stops waiting (none: the request names none). */
  connect(accountId: number, provider: string, settings: object = {}, credentials: object = {}, deadline?: number): Promise<ConnectAccountReply> {
    return this.rpc.request<ConnectAccountReply>(RpcMethods.connectAccount, { accountId, workspaceUuid: WORKSPACE, provider, settings, credentials, deadline });
  }

  async startPublishing(postUuid: string, round: number, accounts: AccountSnapshot[], versions: PostVersion[] = [original]): Promise<void> {
    const at = new Date().toISOString();
    const event = samplePostEvent('post.publishing_started', {
      postUuid,
      workspaceUuid: WORKSPACE,
      revision: round,
      post: {
        status: 'publishing',
        versions,
        accounts: accounts.map((account) => ({ ...account, external_url: null, errors: [], status: 'pending' as const, published_at: null, items: versions[0].content.map(() => null) })),
        scheduled_at: at,
        created_at: at,
        updated_at: at,
      },
    });
    await this.bus.publish(Topics.postEvents, [{ key: postUuid, value: event }]);
  }

  /**
   * An attempt as a process that ended during the provider call for its content item `index` leaves
   * it, the items before published (`midCall: false`: it ended between the item before and that one).
   */
  async startedBeforeACrash(postUuid: string, accountId: number, round: number, { index = 0, midCall = true } = {}): Promise<void> {
    await this.tables.db
      .insertInto('attempts')
      .values({ post_uuid: postUuid, account_id: accountId, round, state: 'started', errors: this.tables.dialect.json([]), started_at: new Date() })
      .execute();
    const step = { post_uuid: postUuid, account_id: accountId, round, external_url: null, reference: null, started_at: new Date() };
    for (let before = 0; before < index; before++) {
      await this.tables.db.insertInto('attempt_items').values({ ...step, item_index: before, state: 'published', external_id: `before-${before}`, finished_at: new Date() }).execute();
    }
    if (midCall) await this.tables.db.insertInto('attempt_items').values({ ...step, item_index: index, state: 'sending', external_id: null, finished_at: null }).execute();
  }

  /** The results sent for the post, once there are `count` of them. */
  async resultsOf(postUuid: string, count: number): Promise<ResultCommand[]> {
    const of = () => this.results.filter((result) => result.postUuid === postUuid);
    await eventually(() => of().length >= count, () => `${count} results for post ${postUuid} (got ${of().length})`);
    return of();
  }
}
