import { DynamicModule, Global, Module } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig, loadConfig } from '@app/config';
import { EVENT_STORE, EventStore } from '@app/event-store';
import { InProcessMessageBus, InProcessMessageBusOptions, InProcessRpc, MESSAGE_BUS, BusServer, busServerProvider, RPC_CLIENT, RPC_SERVER } from '@app/messaging';
import { FileMediaStore, MEDIA_STORE, MediaStore } from '@app/media-store';
import { DATABASE, SqlDatabase } from '@app/persistence';
import { READINESS_WATCH, ReadinessWatch } from '@app/runtime';
import { MEDIA_URL_SIGNER, MediaUrlSigner, parseEncryptionKey, SECRET_BOX, SecretBox } from '@app/security';

export interface TestInfrastructureOptions {
  config?: AppConfig;
  /** Options of the bus made here; ignored when `messageBus` is given. */
  bus?: InProcessMessageBusOptions;
  /** A bus the test made (and migrated) itself, to publish on it or read from it. */
  messageBus?: InProcessMessageBus;
  /** In-process RPC the test holds, to serve or call methods of other services. */
  rpc?: InProcessRpc;
  /** The event store, for the service that owns one. */
  eventStore?: EventStore;
  /** The SecretBox key (default: a fixed test key). */
  encryptionKey?: string;
  /** Where uploaded media go; by default files in a new temporary folder. */
  media?: MediaStore;
  /** What the service's loops report to (the test reads it); by default one with the configured READINESS_LOOP_STALE_MS. */
  readiness?: ReadinessWatch;
}

@Global()
@Module({})
class TestInfrastructureModule {}

/**
 * What the runtime module provides to a service, over a database the test owns (a test that
 * restarts a service passes the same database again): the durable in-process bus, in-process
 * RPC, configuration, a SecretBox, and the event store where given. The one test infrastructure
 * of every app's suites.
 */
export function testInfrastructure(database: SqlDatabase, options: TestInfrastructureOptions = {}): DynamicModule {
  const rpc = options.rpc ?? new InProcessRpc();
  const config = options.config ?? loadConfig({});
  const eventStore = options.eventStore ? [{ provide: EVENT_STORE, useValue: options.eventStore }] : [];
  return {
    module: TestInfrastructureModule,
    providers: [
      busServerProvider,
      { provide: DATABASE, useValue: database },
      { provide: APP_CONFIG, useValue: config },
      { provide: READINESS_WATCH, useValue: options.readiness ?? new ReadinessWatch({ loopStaleMs: config.readinessLoopStaleMs }) },
      { provide: SECRET_BOX, useValue: new SecretBox(options.encryptionKey ?? 'test') },
      { provide: MEDIA_URL_SIGNER, useValue: new MediaUrlSigner({ current: parseEncryptionKey(options.encryptionKey ?? 'test', 'test key', { strict: false }) }) },
      { provide: RPC_CLIENT, useValue: rpc },
      { provide: RPC_SERVER, useValue: rpc },
      ...eventStore,
      { provide: MEDIA_STORE, useFactory: () => options.media ?? new FileMediaStore(mkdtempSync(join(tmpdir(), 'media-'))) },
      {
        provide: MESSAGE_BUS,
        inject: [DATABASE],
        useFactory: async (database: SqlDatabase) => {
          if (options.messageBus) return options.messageBus;
          // Where other processes may append (PostgreSQL), poll often enough for a test; a
          // database this process alone writes wakes its readers on every append.
          const poll = database.dialect.singleProcess ? {} : { pollIntervalMs: 100 };
          const bus = new InProcessMessageBus(database, { ...poll, ...options.bus });
          await bus.migrate();
          return bus;
        },
      },
    ],
    exports: [BusServer, DATABASE, APP_CONFIG, READINESS_WATCH, SECRET_BOX, MEDIA_URL_SIGNER, RPC_CLIENT, RPC_SERVER, MESSAGE_BUS, MEDIA_STORE, ...eventStore.map((provider) => provider.provide)],
  };
}
