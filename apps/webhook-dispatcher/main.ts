// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
// Then tracing, before any module it instruments is loaded (on only when OTEL_* variables say so).
import '@app/telemetry/register';
import { rpcServiceOf } from '@app/contracts';
import { bootstrapDistributedApp } from '@app/runtime';
import { WebhookDispatcherModule } from './src/webhook-dispatcher.module';

bootstrapDistributedApp({ service: 'webhook-dispatcher', module: WebhookDispatcherModule, rpcServiceOf });
