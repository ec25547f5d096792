import { QueryMethods, rpcServiceOf } from '@app/contracts';
import { bootstrapDistributedApp } from '@app/runtime';
import { WebhookDispatcherModule } from './src/webhook-dispatcher.module';

bootstrapDistributedApp({ service: 'webhook-dispatcher', module: WebhookDispatcherModule, rpcServiceOf, queries: { methods: QueryMethods } });
