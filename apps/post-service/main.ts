import { bootstrapDistributedApp } from '@app/runtime';
import { PostServiceModule } from './src/post-service.module';

bootstrapDistributedApp({ service: 'post-service', module: PostServiceModule, eventStore: true });
