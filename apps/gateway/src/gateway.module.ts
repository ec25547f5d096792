import { Module } from '@nestjs/common';
import { DATABASE, schemaMigrationsAtStart, SqlDatabase } from '@app/persistence';
import { HealthModule } from '@app/runtime';
import { AccountStore } from './accounts/account-store';
import { AccountEventsConsumer } from './accounts/authorization-lost/account-events.consumer';
import { AccountNews } from './accounts/account-news/account-news';
import { ConnectAccount } from './accounts/connect-account/connect-account';
import { ConnectAccountController } from './accounts/connect-account/connect-account.controller';
import { DeleteAccountController } from './accounts/delete-account/delete-account.controller';
import { DisconnectAccount } from './accounts/delete-account/disconnect-account';
import { ListAccountsController } from './accounts/list-accounts/list-accounts.controller';
import { AdminOnlyGuard } from './auth/admin-only.guard';
import { AuthenticationGuard } from './auth/authentication.guard';
import { BootstrapAdmin } from './auth/bootstrap-admin/bootstrap-admin';
import { RateLimitGuard } from './auth/rate-limit/rate-limit.guard';
import { RateLimits } from './auth/rate-limit/rate-limits';
import { ApiIndexController } from './api-index/api-index.controller';
import { TokenStore } from './auth/token-store';
import { LiveTokenIndex } from './auth/live-token-index';
import { DashboardSessionStore } from './auth/dashboard-session-store';
import { AccessCache } from './access/access-cache';
import { SessionController } from './dashboard/session/session.controller';
import { IdempotencyInterceptor } from './idempotency/idempotency.interceptor';
import { IdempotencyStore } from './idempotency/idempotency-store';
import { GATEWAY_DATABASE, GATEWAY_SCHEMA, gatewayMigrations, GatewayTables } from './gateway-migrations';
import { UserStore } from './panel/users/user-store';
import { WorkspaceStore } from './panel/workspaces/workspace-store';
import { MembershipStore } from './workspace/membership-store';
import { AddMemberController } from './panel/workspaces/add-member/add-member.controller';
import { WorkspaceMembersController } from './panel/workspaces/manage-members/workspace-members.controller';
import { CreateWorkspaceController } from './panel/workspaces/create-workspace/create-workspace.controller';
import { ListWorkspacesController } from './panel/workspaces/list-workspaces/list-workspaces.controller';
import { RenameWorkspaceController } from './panel/workspaces/rename-workspace/rename-workspace.controller';
import { DeleteWorkspace } from './panel/workspaces/delete-workspace/delete-workspace';
import { DeleteWorkspaceController } from './panel/workspaces/delete-workspace/delete-workspace.controller';
import { CreateTokenController } from './panel/users/create-token/create-token.controller';
import { ListTokensController } from './panel/users/list-tokens/list-tokens.controller';
import { RevokeTokenController } from './panel/tokens/revoke-token/revoke-token.controller';
import { OwnTokensController } from './me/own-tokens/own-tokens.controller';
import { CreateUserController } from './panel/users/create-user/create-user.controller';
import { DeleteUserController } from './panel/users/delete-user/delete-user.controller';
import { ListUsersController } from './panel/users/list-users/list-users.controller';
import { PipelineController } from './panel/pipeline/pipeline.controller';
import { PipelineReport } from './panel/pipeline/pipeline-report';
import { PostsInFlight } from './panel/pipeline/posts-in-flight';
import { ApprovePostController } from './posts/approve-post/approve-post.controller';
import { RetryPostController } from './posts/retry-post/retry-post.controller';
import { ValidatePostController } from './posts/validate-post/validate-post.controller';
import { ImportPostsController } from './posts/import-posts/import-posts.controller';
import { PostImporter } from './posts/import-posts/post-importer';
import { CreatePostController } from './posts/create-post/create-post.controller';
import { DeletePostController } from './posts/delete-post/delete-post.controller';
import { GetPostController } from './posts/get-post/get-post.controller';
import { PostHistoryController } from './posts/post-history/post-history.controller';
import { ListPostsController } from './posts/list-posts/list-posts.controller';
import { CountPostsController } from './posts/count-posts/count-posts.controller';
import { PostInputReader } from './posts/post-input';
import { PostCommandSender } from './posts/post-command-sender';
import { PostsReadModelConsumer } from './posts/read-model/posts-read-model.consumer';
import { PostsReadModel } from './posts/read-model/posts-read-model';
import { ReadYourWrites } from './posts/read-model/read-your-writes';
import { UpdatePostController } from './posts/update-post/update-post.controller';
import { AddNoteController } from './posts/review-notes/add-note/add-note.controller';
import { ListNotesController } from './posts/review-notes/list-notes/list-notes.controller';
import { ManagePreviewLinksController } from './posts/preview-links/manage-preview-links.controller';
import { PreviewController } from './posts/preview-links/preview.controller';
import { AnalyticsController } from './analytics/analytics.controller';
import { BestTimesController } from './analytics/best-times.controller';
import { PostMetricsController } from './analytics/post-metrics.controller';
import { PostMetricsStore } from './analytics/post-metrics-store';
import { FeedsController } from './feeds/feeds.controller';
import { FeedStore } from './feeds/feed-store';
import { FeedReader } from './feeds/feed-reader';
import { FeedPosts } from './feeds/feed-posts';
import { PreviewLinks } from './posts/preview-links/preview-links';
import { OutsideReviewerGuard } from './posts/preview-links/outside-reviewer.guard';
import { ReviewNotes } from './posts/review-notes/review-notes';
import { PanelDeliveriesController } from './webhooks/deliveries/panel-deliveries.controller';
import { WebhookDeliveries } from './webhooks/deliveries/webhook-deliveries';
import { WorkspaceDeliveriesController } from './webhooks/deliveries/workspace-deliveries.controller';
import { PanelWebhookActionsController } from './webhooks/webhook-actions/panel-webhook-actions.controller';
import { WebhookActions } from './webhooks/webhook-actions/webhook-actions';
import { WorkspaceWebhookActionsController } from './webhooks/webhook-actions/workspace-webhook-actions.controller';
import { PanelWebhooksController } from './webhooks/manage-webhooks/panel-webhooks.controller';
import { WebhookSettings } from './webhooks/manage-webhooks/webhook-settings';
import { WorkspaceWebhooksController } from './webhooks/manage-webhooks/workspace-webhooks.controller';
import { DeleteMediaController } from './media/delete-media/delete-media.controller';
import { GetMediaFileController } from './media/get-media-file/get-media-file.controller';
import { ServeSignedMediaController } from './media/serve-signed-media/serve-signed-media.controller';
import { ListMediaController } from './media/list-media/list-media.controller';
import { MediaRecordStore } from './media/media-record-store';
import { MediaUses } from './media/media-uses/media-uses';
import { PostEventsForMediaConsumer } from './media/media-uses/post-events-for-media.consumer';
import { MediaUploadReader } from './media/upload-media/media-upload.reader';
import { UploadMediaController } from './media/upload-media/upload-media.controller';
import { OAuthCallbackController } from './accounts/connect-oauth/oauth-callback.controller';
import { OAuthStates } from './accounts/connect-oauth/oauth-states';
import { StartOAuthController } from './accounts/connect-oauth/start-oauth.controller';
import { ReconnectAccountController } from './accounts/reconnect-account/reconnect-account.controller';
import { OwnMembershipController } from './workspace/own-membership/own-membership.controller';
import { PlatformsController } from './platforms/platforms.controller';
import { WhoAmIController } from './me/who-am-i/who-am-i.controller';
import { DeadLetterStore } from './dead-letters/dead-letter-store';
import { DeadLetterRetention } from './dead-letters/retention/dead-letter-retention';
import { ListDeadLettersController } from './dead-letters/list-dead-letters/list-dead-letters.controller';
import { DeadLettersConsumer } from './dead-letters/record-dead-letters/dead-letters.consumer';
import { ReplayDeadLetters } from './dead-letters/replay-dead-letters/replay-dead-letters';
import { ReplayDeadLettersController } from './dead-letters/replay-dead-letters/replay-dead-letters.controller';
import { GetQueueController } from './queue/get-queue/get-queue.controller';
import { PostingQueues } from './queue/posting-queues';
import { SetQueueController } from './queue/set-queue/set-queue.controller';
import { WorkspaceAdminGuard } from './workspace/workspace-admin.guard';
import { WorkspaceMemberGuard } from './workspace/workspace-member.guard';

/**
 * The HTTP API: authentication, rate limits, users, tokens, workspaces and memberships, the account
 * registry, the posts read model it keeps from `post-events` and media records (schema `gateway`,
 * the bytes in the media store), and relays commands to the services that own posts, credentials
 * and webhooks. Infrastructure (DATABASE, RPC_CLIENT, APP_CONFIG, MEDIA_STORE) comes from the
 * global runtime module.
 *
 * One module on purpose: guards keep their state (the rate limiter) per module, and controllers
 * register their routes in this order, so `/panel/...` is matched before `/:workspaceUuid/...`.
 */
@Module({
  imports: [HealthModule],
  controllers: [
    PostsReadModelConsumer,
    PostEventsForMediaConsumer,
    DeadLettersConsumer,
    AccountEventsConsumer,
    ApiIndexController,
    SessionController,
    OAuthCallbackController,
    WhoAmIController,
    PlatformsController,
    OwnTokensController,
    ListWorkspacesController,
    CreateWorkspaceController,
    RenameWorkspaceController,
    DeleteWorkspaceController,
    AddMemberController,
    WorkspaceMembersController,
    ListUsersController,
    PipelineController,
    CreateUserController,
    DeleteUserController,
    CreateTokenController,
    ListTokensController,
    RevokeTokenController,
    PanelWebhooksController,
    PanelDeliveriesController,
    PanelWebhookActionsController,
    ListDeadLettersController,
    ReplayDeadLettersController,
    OwnMembershipController,
    ListAccountsController,
    ConnectAccountController,
    StartOAuthController,
    ReconnectAccountController,
    DeleteAccountController,
    ListPostsController,
    CountPostsController,
    CreatePostController,
    GetPostController,
    PostHistoryController,
    UpdatePostController,
    DeletePostController,
    ApprovePostController,
    RetryPostController,
    ValidatePostController,
    ImportPostsController,
    ListNotesController,
    ManagePreviewLinksController,
    PreviewController,
    FeedsController,
    PostMetricsController,
    BestTimesController,
    AnalyticsController,
    AddNoteController,
    WorkspaceWebhooksController,
    WorkspaceDeliveriesController,
    WorkspaceWebhookActionsController,
    ListMediaController,
    UploadMediaController,
    GetMediaFileController,
    ServeSignedMediaController,
    DeleteMediaController,
    GetQueueController,
    SetQueueController,
  ],
  providers: [
    { provide: GATEWAY_DATABASE, inject: [DATABASE], useFactory: (database: SqlDatabase) => database.forSchema<GatewayTables>(GATEWAY_SCHEMA) },
    schemaMigrationsAtStart(GATEWAY_DATABASE, gatewayMigrations),
    { provide: AccessCache, useFactory: () => new AccessCache() },
    UserStore,
    WorkspaceStore,
    DeleteWorkspace,
    MembershipStore,
    BootstrapAdmin,
    TokenStore,
    LiveTokenIndex,
    DashboardSessionStore,
    RateLimitGuard,
    RateLimits,
    AuthenticationGuard,
    AdminOnlyGuard,
    WorkspaceMemberGuard,
    WorkspaceAdminGuard,
    AccountStore,
    AccountNews,
    ConnectAccount,
    DisconnectAccount,
    PostInputReader,
    PostImporter,
    ReadYourWrites,
    PostsReadModel,
    PostCommandSender,
    WebhookSettings,
    WebhookDeliveries,
    WebhookActions,
    IdempotencyStore,
    IdempotencyInterceptor,
    MediaRecordStore,
    MediaUses,
    MediaUploadReader,
    DeadLetterStore,
    PostsInFlight,
    PipelineReport,
    ReplayDeadLetters,
    DeadLetterRetention,
    OAuthStates,
    PostingQueues,
    ReviewNotes,
    PreviewLinks,
    FeedStore,
    FeedReader,
    PostMetricsStore,
    FeedPosts,
    OutsideReviewerGuard,
  ],
})
export class GatewayModule {}
