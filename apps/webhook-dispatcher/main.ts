import { bootstrapDistributedApp } from '@app/runtime';
import { WebhookDispatcherModule } from './src/webhook-dispatcher.module';
import { rpcServiceOf } from '@app/contracts';

bootstrapDistributedApp({ service: 'webhook-dispatcher', module: WebhookDispatcherModule, rpcServiceOf });
