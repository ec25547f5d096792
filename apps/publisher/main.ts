import { bootstrapDistributedApp } from '@app/runtime';
import { PublisherModule } from './src/publisher.module';

bootstrapDistributedApp({ service: 'publisher', module: PublisherModule });
