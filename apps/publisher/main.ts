import { bootstrapDistributedApp } from '@app/runtime';
import { PublisherModule } from './src/publisher.module';
import { rpcServiceOf } from '@app/contracts';

bootstrapDistributedApp({ service: 'publisher', media: true, module: PublisherModule, rpcServiceOf });
