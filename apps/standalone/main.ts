import 'reflect-metadata';
import { Logger } from '@nestjs/common';
import { loadConfig, nestLogLevels } from '@app/config';
import { createHttpApp, LISTEN_ADDRESS } from '@app/runtime';
import { configureGatewayApp } from '../gateway/src/configure-gateway-app';
import { StandaloneModule } from './standalone.module';

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await createHttpApp(StandaloneModule.forRoot(config), nestLogLevels(config.logLevel));
  configureGatewayApp(app, config);
  await app.listen(config.port, LISTEN_ADDRESS);
  new Logger('Standalone').log(`Social publishing service listening on http://localhost:${config.port}/api (embedded mode, data in ${config.dataDir})`);
}

main().catch((error: unknown) => {
  new Logger('Standalone').error(error instanceof Error ? (error.stack ?? error.message) : String(error));
  process.exit(1);
});
