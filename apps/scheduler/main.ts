import { bootstrapDistributedApp } from '@app/runtime';
import { SchedulerModule } from './src/scheduler.module';

bootstrapDistributedApp({ service: 'scheduler', module: SchedulerModule });
