import { DynamicModule, Global, Module } from '@nestjs/common';
import { APP_CONFIG, AppConfig, loadConfig } from '@app/config';
import { InProcessMessageBus, InProcessMessageBusOptions, InProcessRpc, MESSAGE_BUS, RPC_CLIENT, RPC_SERVER } from '@app/messaging';
import { DATABASE, openSqliteDatabase, SQL_CLIENT, SqlClient, SqlDatabase } from '@app/persistence';
import { SECRET_BOX, SecretBox } from '@app/security';

export interface TestInfrastructureOptions {
  config?: AppConfig;
  bus?: InProcessMessageBusOptions;
  /** The services' own tables; an in-memory SQLite database when absent. */
  database?: SqlDatabase;
}

@Global()
@Module({})
class TestInfrastructureModule {}

/**
 * What the embedded runtime module provides to a service, over a database the test owns: the
 * durable in-process bus, in-process RPC, configuration and a SecretBox with a fixed test key.
 */
export function testInfrastructure(sql: SqlClient, options: TestInfrastructureOptions = {}): DynamicModule {
  const rpc = new InProcessRpc();
  return {
    module: TestInfrastructureModule,
    providers: [
      { provide: SQL_CLIENT, useValue: sql },
      { provide: DATABASE, useFactory: () => options.database ?? openSqliteDatabase() },
      { provide: APP_CONFIG, useValue: options.config ?? loadConfig({}) },
      { provide: SECRET_BOX, useValue: new SecretBox('test') },
      { provide: RPC_CLIENT, useValue: rpc },
      { provide: RPC_SERVER, useValue: rpc },
      {
        provide: MESSAGE_BUS,
        useFactory: async () => {
          const bus = new InProcessMessageBus(sql, { pollIntervalMs: 100, ...options.bus });
          await bus.migrate();
          return bus;
        },
      },
    ],
    exports: [SQL_CLIENT, DATABASE, APP_CONFIG, SECRET_BOX, RPC_CLIENT, RPC_SERVER, MESSAGE_BUS],
  };
}
