// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
// Then tracing, before any module it instruments is loaded (on only when OTEL_* variables say so).
import '@app/telemetry/register';
import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { resolve } from 'node:path';
import { ConfigError, loadConfig, nestLogLevels } from '@app/config';
import { connectMessageHandlers } from '@app/messaging';
import { BoundHttpPort, createHttpApp, refuseEarlierDataDir, useServiceLogger } from '@app/runtime';
import { configureGatewayApp } from '../gateway/src/configure-gateway-app';
import { logStartBanner } from '../gateway/src/start-banner';
import { StandaloneModule } from './standalone.module';
import { errorDetail } from '@app/errors';

async function main(): Promise<void> {
  useServiceLogger();
  const config = loadConfig();
  // First: a port another process holds stops the start here, before DATA_DIR is touched.
  const port = await BoundHttpPort.bind(config.host, config.port, config.http);
  // Before anything is written to DATA_DIR: data of an earlier version must not get a new database beside it.
  refuseEarlierDataDir(resolve(config.dataDir));
  const app = await createHttpApp(StandaloneModule.forRoot(config), nestLogLevels(config.logLevel), { port, trustedProxyCount: config.trustedProxyCount });
  connectMessageHandlers(app);
  configureGatewayApp(app, config);
  await port.serve(app);
  logStartBanner(app, config, 'Standalone', `Social publishing service ready (embedded mode, data in ${resolve(config.dataDir)})`);
}

main().catch((error: unknown) => {
  // A configuration problem is the operator's to fix: its message says how; a stack trace would bury it.
  const detail = error instanceof ConfigError ? error.message : errorDetail(error);
  new Logger('Standalone').error(detail);
  process.exit(1);
});
