import { DynamicModule, Global, Inject, Logger, Module, OnApplicationShutdown, Provider } from '@nestjs/common';
import { APP_CONFIG, AppConfig, ConfigError } from '@app/config';
import { EVENT_STORE, EventStore, SqlEventStore } from '@app/event-store';
import { MEDIA_STORE, PostgresMediaStore } from '@app/media-store';
import { BusServer, busServerProvider, HttpRpc, HttpRpcClient, HttpRpcServer, MESSAGE_BUS, RPC_CLIENT, RPC_SERVER } from '@app/messaging';
import type { KafkaConsumerTimings } from '@app/messaging/kafka';
import { DATABASE, SqlDatabase } from '@app/persistence';
import { MEDIA_URL_SIGNER, MediaUrlSigner, MessageSigner, SECRET_BOX, SecretBox, WireCipher } from '@app/security';
import { READINESS_WATCH, ReadinessWatch } from './health/readiness-watch';
import { messageRetry } from './message-retry';
import { keyringFromConfig } from './secret-box-from-config';

const CLOSEABLES = Symbol('CLOSEABLES');

export interface DistributedOptions {
  /** Name of the app: Kafka client id, RPC reply topic, database application name. */
  service: string;
  /** Only the post-service owns the event store. */
  eventStore?: boolean;
  /** The apps that read or write uploaded media (the gateway, the publisher) get the media store. */
  media?: boolean;
  /** The service that answers each request/reply method (it names the method's request topic). */
  rpcServiceOf: (method: string) => keyof AppConfig['serviceUrls'];
}

/** The request/reply of this app: its server is the route every app serves (see HttpRpcServer), its client asks the owning service. */
export const HTTP_RPC = Symbol('HTTP_RPC');

/**
 * Infrastructure of distributed mode, for one app per process: PostgreSQL (`DATABASE_URL`) for the
 * app's own schema, Kafka for the bus, HTTP for requests between the services, and for the post-service the event store
 * (EventStoreDB at `EVENTSTORE_URL`, or PostgreSQL at `EVENTSTORE_PG_URL`).
 */
@Global()
@Module({})
export class DistributedInfrastructureModule implements OnApplicationShutdown {
  private readonly logger = new Logger('DistributedInfrastructure');

  constructor(@Inject(CLOSEABLES) private readonly closeables: Array<{ close(): Promise<void> }>) {}

  static forRoot(config: AppConfig, options: DistributedOptions): DynamicModule {
    requireSettings(config, options);
    // ENCRYPTION_KEY is a real key: loadConfig refused any other before anything connects.
    const keyring = keyringFromConfig(config);
    // Secrets at rest are encrypted under the key itself. What travels between services is signed and
    // sealed under keys derived from it, one per use: a sealed payload never opens as a stored secret.
    const secretBox = new SecretBox(keyring);
    // Every message on Kafka is signed with the shared key, and one that is not is never acted on.
    const authenticator = new MessageSigner(keyring);
    const wireCipher = new WireCipher(keyring);
    // Readiness: the app's loops report their turns, its consumer group members their membership.
    const readiness = new ReadinessWatch({ loopStaleMs: config.readinessLoopStaleMs });
    const providers: Provider[] = [
      { provide: APP_CONFIG, useValue: config },
      { provide: READINESS_WATCH, useValue: readiness },
      {
        provide: DATABASE,
        useFactory: async () => (await import('@app/persistence/postgres')).openPostgresDatabase(config.databaseUrl!, { applicationName: options.service, ...postgresTimeouts(config) }),
      },
      {
        provide: MESSAGE_BUS,
        // The Kafka, EventStoreDB and PostgreSQL clients are loaded by these factories, not with their libraries: embedded mode never loads them.
        useFactory: async () => new (await import('@app/messaging/kafka')).KafkaMessageBus({
            brokers: config.kafkaBrokers,
            clientId: options.service,
            consumer: consumerTimings(config),
            retry: messageRetry(config),
            authenticator,
            membership: readiness,
          }),
      },
      {
        // Requests between the services go over HTTP, to the port of the service that owns the method.
        provide: HTTP_RPC,
        useFactory: () => new HttpRpc(new HttpRpcServer(wireCipher), new HttpRpcClient(wireCipher, (method) => config.serviceUrls[options.rpcServiceOf(method)])),
      },
      { provide: RPC_CLIENT, useExisting: HTTP_RPC },
      { provide: RPC_SERVER, useExisting: HTTP_RPC },
      { provide: SECRET_BOX, useValue: secretBox },
      // Addresses of media that platforms fetch: signed by the publisher, checked by the gateway.
      { provide: MEDIA_URL_SIGNER, useValue: new MediaUrlSigner(keyring) },
    ];
    if (options.media) {
      providers.push({
        // Uploaded media: shared by the gateway (uploads) and the publisher (reads), like a bucket; schema `media` of DATABASE_URL.
        provide: MEDIA_STORE,
        inject: [DATABASE],
        useFactory: async (database: SqlDatabase) => {
          const store = new PostgresMediaStore(database);
          await store.migrate();
          return store;
        },
      });
    }
    const closeableTokens: Array<string | symbol> = [MESSAGE_BUS, DATABASE];
    if (options.eventStore) {
      providers.push({ provide: EVENT_STORE, useFactory: () => createEventStore(config) });
      closeableTokens.unshift(EVENT_STORE);
    }
    providers.push({
      provide: CLOSEABLES,
      inject: closeableTokens,
      useFactory: (...closeables: Array<{ close(): Promise<void> }>) => closeables,
    });
    return {
      module: DistributedInfrastructureModule,
      providers: [busServerProvider, ...providers],
      exports: [BusServer, APP_CONFIG, READINESS_WATCH, DATABASE, MESSAGE_BUS, RPC_CLIENT, RPC_SERVER, SECRET_BOX, MEDIA_URL_SIGNER, HTTP_RPC, ...(options.eventStore ? [EVENT_STORE] : []), ...(options.media ? [MEDIA_STORE] : [])],
    };
  }

  async onApplicationShutdown(): Promise<void> {
    for (const closeable of this.closeables) {
      await closeable.close().catch((error: Error) => this.logger.warn(`Closing failed: ${error.message}`));
    }
    this.logger.log('Connections closed');
  }
}

async function createEventStore(config: AppConfig): Promise<EventStore> {
  if (config.eventStoreUrl) return new (await import('@app/event-store/eventstoredb')).EventStoreDbEventStore(config.eventStoreUrl);
  const database = (await import('@app/persistence/postgres')).openPostgresDatabase(config.eventStorePgUrl!, { applicationName: 'event-store', ...postgresTimeouts(config) });
  const store = new SqlEventStore(database);
  await store.migrate();
  // The store's own connection pool closes after the store has stopped its subscriptions.
  const closeStore = store.close.bind(store);
  return Object.assign(store, {
    close: async () => {
      await closeStore();
      await database.close();
    },
  });
}

/** Heartbeats a third of the session timeout apart (at most 3 s, the kafkajs default), so a live member is never taken for dead. */
function consumerTimings(config: AppConfig): KafkaConsumerTimings {
  const sessionTimeout = config.kafkaSessionTimeoutMs;
  return { sessionTimeout, heartbeatInterval: Math.min(3_000, Math.floor(sessionTimeout / 3)), maxWaitTimeInMs: config.kafkaFetchWaitMs };
}

function requireSettings(config: AppConfig, options: DistributedOptions): void {
  const missing: string[] = [];
  if (!config.databaseUrl) missing.push('DATABASE_URL');
  if (config.kafkaBrokers.length === 0) missing.push('KAFKA_BROKERS');
  if (!config.encryptionKey) missing.push('ENCRYPTION_KEY');
  if (options.eventStore && !config.eventStoreUrl && !config.eventStorePgUrl) missing.push('EVENTSTORE_URL or EVENTSTORE_PG_URL');
  if (missing.length > 0) throw new ConfigError(`${options.service} needs ${missing.join(', ')} in distributed mode`);
}

function postgresTimeouts(config: AppConfig): { connectTimeoutMs: number; statementTimeoutMs: number } {
  return { connectTimeoutMs: config.databaseConnectTimeoutMs, statementTimeoutMs: config.databaseStatementTimeoutMs };
}
