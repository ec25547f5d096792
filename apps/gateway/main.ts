import { bootstrapDistributedApp } from '@app/runtime';
import { configureGatewayApp } from './src/configure-gateway-app';
import { GatewayModule } from './src/gateway.module';
import { rpcServiceOf } from '@app/contracts';

bootstrapDistributedApp({ service: 'gateway', media: true, module: GatewayModule, rpcServiceOf, configure: configureGatewayApp, ownHealth: true });
