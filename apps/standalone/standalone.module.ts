import { DynamicModule, Module } from '@nestjs/common';
import { AppConfig } from '@app/config';
import { EmbeddedInfrastructureModule, MetricsModule } from '@app/runtime';
import { GatewayModule } from '../gateway/src/gateway.module';
import { PostServiceModule } from '../post-service/src/post-service.module';
import { PublisherModule } from '../publisher/src/publisher.module';
import { SchedulerModule } from '../scheduler/src/scheduler.module';
import { WebhookDispatcherModule } from '../webhook-dispatcher/src/webhook-dispatcher.module';

/** The five services in one process on embedded infrastructure: the default way to run. */
@Module({})
export class StandaloneModule {
  static forRoot(config: AppConfig): DynamicModule {
    return {
      module: StandaloneModule,
      imports: [
        EmbeddedInfrastructureModule.forRoot(config),
        PostServiceModule,
        SchedulerModule,
        PublisherModule,
        WebhookDispatcherModule,
        GatewayModule,
        // One /metrics for the five services, and each request's duration recorded once.
        MetricsModule,
      ],
    };
  }
}
