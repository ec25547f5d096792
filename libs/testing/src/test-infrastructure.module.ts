import { DynamicModule, Global, Module } from '@nestjs/common';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { APP_CONFIG, AppConfig, loadConfig } from '@app/config';
import { InProcessMessageBus, InProcessMessageBusOptions, InProcessRpc, MESSAGE_BUS, RPC_CLIENT, RPC_SERVER } from '@app/messaging';
import { FileMediaStore, MEDIA_STORE, MediaStore } from '@app/media-store';
import { DATABASE, SqlDatabase } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';

export interface TestInfrastructureOptions {
  config?: AppConfig;
  bus?: InProcessMessageBusOptions;
  /** Where uploaded media go; by default files in a new temporary folder. */
  media?: MediaStore;
}

@Global()
@Module({})
class TestInfrastructureModule {}

/**
 * What the embedded runtime module provides to a service, over a database the test owns (a test
 * that restarts a service passes the same database again): the durable in-process bus, in-process
 * RPC, configuration and a SecretBox with a fixed test key.
 */
export function testInfrastructure(database: SqlDatabase, options: TestInfrastructureOptions = {}): DynamicModule {
  const rpc = new InProcessRpc();
  return {
    module: TestInfrastructureModule,
    providers: [
      { provide: DATABASE, useValue: database },
      { provide: APP_CONFIG, useValue: options.config ?? loadConfig({}) },
      { provide: SECRET_BOX, useValue: new SecretBox('test') },
      { provide: RPC_CLIENT, useValue: rpc },
      { provide: RPC_SERVER, useValue: rpc },
      { provide: MEDIA_STORE, useFactory: () => options.media ?? new FileMediaStore(mkdtempSync(join(tmpdir(), 'media-'))) },
      {
        provide: MESSAGE_BUS,
        inject: [DATABASE],
        useFactory: async (database: SqlDatabase) => {
          // Where other processes may append (PostgreSQL), poll often enough for a test; a
          // database this process alone writes wakes its readers on every append.
          const poll = database.dialect.singleProcess ? {} : { pollIntervalMs: 100 };
          const bus = new InProcessMessageBus(database, { ...poll, ...options.bus });
          await bus.migrate();
          return bus;
        },
      },
    ],
    exports: [DATABASE, APP_CONFIG, SECRET_BOX, RPC_CLIENT, RPC_SERVER, MESSAGE_BUS, MEDIA_STORE],
  };
}
