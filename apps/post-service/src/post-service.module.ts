import { BeforeApplicationShutdown, Inject, Logger, Module, OnApplicationBootstrap, OnModuleInit } from '@nestjs/common';
import { CqrsModule } from '@nestjs/cqrs';
import { eventRelayMigration } from '@app/event-store';
import { DATABASE, migrateSchema, SqlDatabase } from '@app/persistence';
import { ApprovePostHandler } from './approve-post/approve-post.handler';
import { ApprovePostRpcController } from './approve-post/approve-post.rpc-controller';
import { PostCommandRunner } from './command-handling/post-command-runner';
import { CreatePostHandler } from './create-post/create-post.handler';
import { CreatePostRpcController } from './create-post/create-post.rpc-controller';
import { DeletePostHandler } from './delete-post/delete-post.handler';
import { DeletePostRpcController } from './delete-post/delete-post.rpc-controller';
import { PostEventRelay } from './event-relay/post-event-relay';
import { GetPostHandler } from './get-post/get-post.handler';
import { GetPostRpcController } from './get-post/get-post.rpc-controller';
import { ListPostsHandler } from './list-posts/list-posts.handler';
import { ListPostsRpcController } from './list-posts/list-posts.rpc-controller';
import { PostCommandsConsumer } from './post-commands-consumer/post-commands.consumer';
import { PostsProjection } from './projection/posts-projection';
import { PostsReadModel } from './read-model/posts-read-model';
import { POSTS_DATABASE, POSTS_SCHEMA, PostsDatabase, PostsTables, postsReadModelMigration } from './read-model/posts-schema';
import { ProjectionProgress } from './read-model/projection-progress';
import { RecordPublishResultHandler } from './record-publish-result/record-publish-result.handler';
import { StartPublishingHandler } from './start-publishing/start-publishing.handler';
import { UpdatePostHandler } from './update-post/update-post.handler';
import { UpdatePostRpcController } from './update-post/update-post.rpc-controller';

/**
 * Owner of the Post aggregate (one event stream per post) and of the posts read model, schema
 * `posts`. Answers the gateway over RPC, takes the scheduler's and publisher's commands from
 * `post-commands`, and relays its events to `post-events`. Infrastructure comes from a global module.
 */
@Module({
  imports: [CqrsModule.forRoot()],
  providers: [
    { provide: POSTS_DATABASE, inject: [DATABASE], useFactory: (database: SqlDatabase) => database.forSchema<PostsTables>(POSTS_SCHEMA) },
    ProjectionProgress,
    PostCommandRunner,
    PostsReadModel,
    PostsProjection,
    PostCommandsConsumer,
    PostEventRelay,
    CreatePostHandler,
    CreatePostRpcController,
    UpdatePostHandler,
    UpdatePostRpcController,
    DeletePostHandler,
    DeletePostRpcController,
    ApprovePostHandler,
    ApprovePostRpcController,
    GetPostHandler,
    GetPostRpcController,
    ListPostsHandler,
    ListPostsRpcController,
    StartPublishingHandler,
    RecordPublishResultHandler,
  ],
})
export class PostServiceModule implements OnModuleInit, OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(PostServiceModule.name);

  constructor(
    @Inject(POSTS_DATABASE) private readonly database: PostsDatabase,
    private readonly projection: PostsProjection,
    private readonly commands: PostCommandsConsumer,
    private readonly relay: PostEventRelay,
  ) {}

  async onModuleInit(): Promise<void> {
    const applied = await migrateSchema(this.database, [eventRelayMigration, postsReadModelMigration]);
    if (applied.length > 0) this.logger.log(`Applied migrations to schema ${POSTS_SCHEMA}: ${applied.join(', ')}`);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.projection.start();
    await this.commands.start();
    this.relay.start();
    this.logger.log('Post service started: projection, post-commands consumer and event relay running');
  }

  async beforeApplicationShutdown(): Promise<void> {
    await this.relay.stop();
    await this.commands.stop();
    await this.projection.stop();
    this.logger.log('Post service stopped');
  }
}
