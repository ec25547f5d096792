// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
// Then tracing, before any module it instruments is loaded (on only when OTEL_* variables say so).
import '@app/telemetry/register';
import { rpcServiceOf } from '@app/contracts';
import { bootstrapDistributedApp } from '@app/runtime';
import { configureGatewayApp } from './src/configure-gateway-app';
import { GatewayModule } from './src/gateway.module';
import { logStartBanner } from './src/start-banner';

bootstrapDistributedApp({
  service: 'gateway',
  media: true,
  module: GatewayModule,
  rpcServiceOf,
  configure: configureGatewayApp,
  ownHealth: true,
  announce: (app, config) => logStartBanner(app, config, 'gateway', `Gateway ready (distributed mode), HTTP on port ${config.port}`),
});
