import { Logger } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '@app/config';
import { FileMediaStore } from '@app/media-store';
import { InProcessMessageBus } from '@app/messaging';
import { migrateSchema, openSqliteDatabase, SchemaDatabase, SqlDatabase } from '@app/persistence';
import { MediaUrlSigner, parseEncryptionKey, SecretBox } from '@app/security';
import { AccountCredentialStore } from '../../../apps/publisher/src/accounts/account-credential-store';
import { CollectionPlanner } from '../../../apps/publisher/src/collect-metrics/collection-planner';
import { CollectionSchedule } from '../../../apps/publisher/src/collect-metrics/collection-schedule';
import { MetricCollections } from '../../../apps/publisher/src/collect-metrics/metric-collections';
import { LostAuthorizationReporter } from '../../../apps/publisher/src/accounts/report-lost-authorization/lost-authorization.reporter';
import { ProviderRegistry } from '../../../apps/publisher/src/providers/provider-registry';
import { ProviderConnection, PublishProvider } from '../../../apps/publisher/src/providers/publish-provider';
import { AccountPublisher } from '../../../apps/publisher/src/publish-post/account-publisher';
import { AttemptJournal } from '../../../apps/publisher/src/publish-post/attempt-journal';
import { ContentItemsPublisher } from '../../../apps/publisher/src/publish-post/content-items-publisher';
import { DeferredAttempts } from '../../../apps/publisher/src/publish-post/deferred-attempts';
import { ItemJournal } from '../../../apps/publisher/src/publish-post/item-journal';
import { ItemProgressJournal } from '../../../apps/publisher/src/publish-post/item-progress-journal';
import { VersionMedia } from '../../../apps/publisher/src/publish-post/version-media';
import { PUBLISHER_SCHEMA, PublisherTables, publisherMigrations } from '../../../apps/publisher/src/publisher-migrations';
import { defaultPublisherOptions, PublisherOptions } from '../../../apps/publisher/src/publisher-options';
import { SignedMediaServer } from './signed-media-server';

/**
 * The publisher's journal and accounts on a SQLite database of its own (migrated), for the
 * scenarios that run a provider through the AccountPublisher as the publisher module wires it,
 * without the bus: several publishers on these tables are several processes sharing a database.
 */
export class PublisherTablesOnSqlite {
  readonly journal: AttemptJournal;
  readonly accounts: AccountCredentialStore;
  /** The journaled steps of asynchronous publishes. */
  readonly progress: ItemProgressJournal;
  private readonly signer = new MediaUrlSigner({ current: parseEncryptionKey('provider-scenarios', 'key', { strict: false }) });

  private constructor(
    private readonly database: SqlDatabase,
    readonly tables: SchemaDatabase<PublisherTables>,
  ) {
    this.journal = new AttemptJournal(tables);
    const secrets = new SecretBox('provider-scenarios');
    this.accounts = new AccountCredentialStore(tables, secrets);
    this.progress = new ItemProgressJournal(tables, secrets);
  }

  static async open(): Promise<PublisherTablesOnSqlite> {
    Logger.overrideLogger(['error']);
    const database = openSqliteDatabase();
    const tables = database.forSchema<PublisherTables>(PUBLISHER_SCHEMA);
    await migrateSchema(tables, publisherMigrations);
    return new PublisherTablesOnSqlite(database, tables);
  }

  /**
   * A publisher (one process) on these tables; fast retries unless `options` say otherwise. A
   * process that is to die mid-call (the test's) passes `alive`: once it answers false, the process
   * renews its hold on attempts no more, as a dead one does not.
   */
  publisher(provider: PublishProvider, options: Partial<PublisherOptions> = {}, mediaServer: SignedMediaServer | null = null, alive: () => boolean = () => true): AccountPublisher {
    const settings = { ...defaultPublisherOptions, maxRetries: 2, maxRetryDelayMs: 50, ...options };
    const deferred = new DeferredAttempts(this.tables);
    const steps = new ItemJournal(this.tables);
    // The media of the posts: those of the media server when the platform fetches them, else none.
    const media = mediaServer
      ? new VersionMedia(mediaServer.store, mediaServer.signer, { publicUrl: mediaServer.url })
      : new VersionMedia(new FileMediaStore(mkdtempSync(join(tmpdir(), 'provider-scenario-media-'))), this.signer, { publicUrl: 'http://127.0.0.1:9' });
    const lostAuthorization = new LostAuthorizationReporter(new InProcessMessageBus(this.database));
    const journal = Object.create(this.journal) as AttemptJournal;
    journal.hold = async (key, leaseMs) => (alive() ? this.journal.hold(key, leaseMs) : undefined);
    const contentItems = new ContentItemsPublisher(journal, steps, this.progress, deferred, lostAuthorization, media, settings);
    const collections = new CollectionPlanner(new MetricCollections(this.tables), new CollectionSchedule(loadConfig({}).analyticsScheduleMinutes));
    return new AccountPublisher(journal, steps, deferred, this.accounts, new ProviderRegistry([provider]), contentItems, settings, collections);
  }

  /** Keeps a connected account as the publisher does; answers the connection the publisher hands its provider. */
  async keep(provider: PublishProvider, connection: ProviderConnection): Promise<ProviderConnection> {
    const { accountId, settings, credentials, session } = connection;
    await this.accounts.save({ accountId, workspaceUuid: randomUUID(), provider: provider.name, settings, credentials }, await session.load());
    return { ...connection, session: this.accounts.sessionOf(accountId) };
  }

  async close(): Promise<void> {
    await this.database.close();
  }
}
