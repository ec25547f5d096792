// First: on a Node.js older than 24 this says so and exits, before a module that needs 24 is loaded.
import '@app/node-version';
import { bootstrapDistributedApp } from '@app/runtime';
import { SchedulerModule } from './src/scheduler.module';
import { rpcServiceOf } from '@app/contracts';

bootstrapDistributedApp({ service: 'scheduler', module: SchedulerModule, rpcServiceOf });
