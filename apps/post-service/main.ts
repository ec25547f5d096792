import { bootstrapDistributedApp } from '@app/runtime';
import { PostServiceModule } from './src/post-service.module';
import { rpcServiceOf } from '@app/contracts';

bootstrapDistributedApp({ service: 'post-service', module: PostServiceModule, rpcServiceOf, eventStore: true });
