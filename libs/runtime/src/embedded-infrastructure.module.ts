import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown } from '@nestjs/common';
import { join, resolve } from 'node:path';
import { APP_CONFIG, AppConfig } from '@app/config';
import { EVENT_STORE, SqlEventStore } from '@app/event-store';
import { FileMediaStore, MEDIA_STORE } from '@app/media-store';
import { InProcessMessageBus, InProcessRpc, MESSAGE_BUS, BusServer, busServerProvider, RPC_CLIENT, RPC_SERVER } from '@app/messaging';
import { DATABASE, openSqliteDatabase, SqlDatabase } from '@app/persistence';
import { Keyring, MEDIA_URL_SIGNER, MediaUrlSigner, SECRET_BOX, SecretBox } from '@app/security';
import { lockDataDir } from './data-dir-lock';
import { READINESS_WATCH, ReadinessWatch } from './health/readiness-watch';
import { loadOrCreateEncryptionKey } from './encryption-key';
import { messageRetry } from './message-retry';
import { createDataDir, restrictDataDir } from './private-data-dir';
import { keyringFromConfig } from './secret-box-from-config';

const EMBEDDED_RPC = Symbol('EMBEDDED_RPC');
/** Releases this process's hold on DATA_DIR, taken before the database opens. */
const DATA_DIR_LOCK = Symbol('DATA_DIR_LOCK');

/**
 * Infrastructure of embedded mode, for every service in one process: the databases under DATA_DIR
 * (one schema per service), the SQL event store, the durable in-process bus (its log in the SQLite
 * database) and in-process RPC.
 */
@Global()
@Module({})
export class EmbeddedInfrastructureModule implements OnApplicationShutdown {
  private readonly logger = new Logger('EmbeddedInfrastructure');

  constructor(
    @Inject(DATABASE) private readonly database: SqlDatabase,
    @Inject(EVENT_STORE) private readonly store: SqlEventStore,
    @Inject(MESSAGE_BUS) private readonly bus: InProcessMessageBus,
    @Inject(DATA_DIR_LOCK) private readonly releaseDataDir: () => void,
  ) {}

  static forRoot(config: AppConfig): DynamicModule {
    // The configured key, else the one generated in DATA_DIR: read once, for the SecretBox and the media URL signer.
    let keys: Keyring | undefined;
    const keyring = (): Keyring => (keys ??= keyringFromConfig(config, { generatedKey: () => loadOrCreateEncryptionKey(resolve(config.dataDir)) }));
    return {
      module: EmbeddedInfrastructureModule,
      providers: [
        busServerProvider,
        { provide: APP_CONFIG, useValue: config },
        // Readiness: the services' loops report their turns (the in-process bus has no groups to lose).
        { provide: READINESS_WATCH, useValue: new ReadinessWatch({ loopStaleMs: config.readinessLoopStaleMs }) },
        {
          provide: DATA_DIR_LOCK,
          useFactory: () => {
            // For the owner alone, whether it was there or not: it holds the database, the generated key and the media.
            const dataDir = resolve(config.dataDir);
            createDataDir(dataDir);
            const release = lockDataDir(dataDir);
            try {
              restrictDataDir(dataDir);
            } catch (error) {
              release();
              throw error;
            }
            return release;
          },
        },
        {
          provide: DATABASE,
          inject: [DATA_DIR_LOCK],
          useFactory: () => {
            const file = join(resolve(config.dataDir), 'service.db');
            new Logger('EmbeddedInfrastructure').debug(`Embedded database ${file}`);
            return openSqliteDatabase(file);
          },
        },
        {
          provide: EVENT_STORE,
          inject: [DATABASE],
          useFactory: async (database: SqlDatabase) => {
            const store = new SqlEventStore(database);
            await store.migrate();
            return store;
          },
        },
        {
          provide: MESSAGE_BUS,
          inject: [DATABASE],
          useFactory: async (database: SqlDatabase) => {
            const bus = new InProcessMessageBus(database, {
              retry: messageRetry(config),
              retentionMs: config.busRetentionHours > 0 ? config.busRetentionHours * 3_600_000 : undefined,
            });
            await bus.migrate();
            return bus;
          },
        },
        // Uploaded media: files under DATA_DIR/media; what an upload cut off by a stop left there is removed (one process holds the lock).
        {
          provide: MEDIA_STORE,
          inject: [DATA_DIR_LOCK],
          useFactory: async () => {
            const store = new FileMediaStore(join(resolve(config.dataDir), 'media'));
            await store.removeTemporaryFiles();
            return store;
          },
        },
        { provide: EMBEDDED_RPC, useFactory: () => new InProcessRpc() },
        { provide: RPC_CLIENT, useExisting: EMBEDDED_RPC },
        { provide: RPC_SERVER, useExisting: EMBEDDED_RPC },
        {
          provide: SECRET_BOX,
          useFactory: () => new SecretBox(keyring()),
        },
        {
          provide: MEDIA_URL_SIGNER,
          useFactory: () => new MediaUrlSigner(keyring()),
        },
      ],
      exports: [BusServer, APP_CONFIG, READINESS_WATCH, DATABASE, EVENT_STORE, MESSAGE_BUS, RPC_CLIENT, RPC_SERVER, SECRET_BOX, MEDIA_URL_SIGNER, MEDIA_STORE],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    await this.bus.close();
    await this.store.close();
    await this.database.close();
    this.releaseDataDir();
    this.logger.log('Embedded database closed');
  }
}
