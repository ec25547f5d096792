import { BeforeApplicationShutdown, Logger, Module, OnApplicationBootstrap } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { eventRelayMigration } from '@app/event-store';
import { DATABASE, schemaMigrationsAtStart, SqlDatabase } from '@app/persistence';
import { ApprovePostHandler } from './approve-post/approve-post.handler';
import { PostCommandRunner } from './command-handling/post-command-runner';
import { RecentPostStates } from './command-handling/recent-post-states';
import { CreatePostHandler } from './create-post/create-post.handler';
import { DeletePostHandler } from './delete-post/delete-post.handler';
import { PostEventRelay } from './event-relay/post-event-relay';
import { PostRequestsController } from './rpc/post-requests.controller';
import { PostCommandsConsumer } from './post-commands-consumer/post-commands.consumer';
import { dropPostsReadModelMigration, POSTS_DATABASE, POSTS_SCHEMA, PostsTables, postsReadModelMigration } from './post-service-schema';
import { HeldInstantRecorder } from './queue-slots/held-instant-recorder';
import { HeldInstantsConsumer } from './queue-slots/held-instants.consumer';
import { QueueSlotAllocator } from './queue-slots/queue-slot-allocator';
import { QueueSlotStore } from './queue-slots/queue-slot-store';
import { queueSlotsMigration } from './queue-slots/queue-slots-schema';
import { RecycleCopiesConsumer } from './recycle-posts/recycle-copies.consumer';
import { RetryPostHandler } from './retry-post/retry-post.handler';
import { RecordMetricsHandler } from './record-metrics/record-metrics.handler';
import { RecordPublishResultHandler } from './record-publish-result/record-publish-result.handler';
import { StartPublishingHandler } from './start-publishing/start-publishing.handler';
import { ExpirePublishingHandler } from './expire-publishing/expire-publishing.handler';
import { UpdatePostHandler } from './update-post/update-post.handler';
import { ValidatePostHandler } from './validate-post/validate-post.handler';

/**
 * Owner of the Post aggregate (one event stream per post). Answers the gateway's commands over
 * RPC from the aggregate, takes the scheduler's and publisher's commands from `post-commands`,
 * and relays its events, translated, to `post-events` (checkpoint in schema `posts`). It serves
 * no reads: the gateway projects its own. Infrastructure comes from a global module.
 */
@Module({
  imports: [CqrsModule.forRoot()],
  controllers: [PostRequestsController, PostCommandsConsumer, RecycleCopiesConsumer, HeldInstantsConsumer],
  providers: [
    { provide: POSTS_DATABASE, inject: [DATABASE], useFactory: (database: SqlDatabase) => database.forSchema<PostsTables>(POSTS_SCHEMA) },
    schemaMigrationsAtStart(POSTS_DATABASE, [eventRelayMigration, postsReadModelMigration, dropPostsReadModelMigration, queueSlotsMigration]),
    PostCommandRunner,
    RecentPostStates,
    PostEventRelay,
    CreatePostHandler,
    UpdatePostHandler,
    ApprovePostHandler,
    RetryPostHandler,
    DeletePostHandler,
    ValidatePostHandler,
    StartPublishingHandler,
    ExpirePublishingHandler,
    RecordPublishResultHandler,
    RecordMetricsHandler,
    QueueSlotStore,
    QueueSlotAllocator,
    HeldInstantRecorder,
  ],
})
export class PostServiceModule implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PostServiceModule.name);

  constructor(private readonly relay: PostEventRelay) {}

  async onApplicationBootstrap(): Promise<void> {
    this.relay.start();
    this.logger.debug('Post service started: event relay running');
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    this.logger.debug('Post service stopped');
  }
}
