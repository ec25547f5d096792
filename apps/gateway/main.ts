import { bootstrapDistributedApp } from '@app/runtime';
import { configureGatewayApp } from './src/configure-gateway-app';
import { GatewayModule } from './src/gateway.module';

bootstrapDistributedApp({ service: 'gateway', module: GatewayModule, configure: configureGatewayApp, ownHealth: true });
