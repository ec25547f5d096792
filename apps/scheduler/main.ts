import { bootstrapDistributedApp } from '@app/runtime';
import { SchedulerModule } from './src/scheduler.module';
import { rpcServiceOf } from '@app/contracts';

bootstrapDistributedApp({ service: 'scheduler', module: SchedulerModule, rpcServiceOf });
