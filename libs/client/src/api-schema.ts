/* The API's types, made by `npm run openapi` from docs/openapi.json (openapi-typescript): do not edit. */
/* eslint-disable max-lines */

export interface paths {
    "/api": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What this service is, with links to the dashboard and the docs */
        get: operations["ApiIndexController_index"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Who the caller is, and their workspaces with their role in each */
        get: operations["WhoAmIController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/platforms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The platforms: text limits and how they count, items, media, options and how an account connects */
        get: operations["PlatformsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the caller's own API tokens */
        get: operations["OwnTokensController_list"];
        put?: never;
        /** Create an API token for the caller */
        post: operations["OwnTokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/me/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of the caller's own API tokens */
        delete: operations["OwnTokensController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/workspaces": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List workspaces */
        get: operations["ListWorkspacesController_list"];
        put?: never;
        /** Create a workspace, with its creator as its admin (who may approve posts) */
        post: operations["CreateWorkspaceController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/workspaces/{uuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Rename a workspace */
        put: operations["RenameWorkspaceController_rename"];
        post?: never;
        /** Delete a workspace (refused while a post may still publish) */
        delete: operations["DeleteWorkspaceController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/workspaces/{uuid}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's members */
        get: operations["WorkspaceMembersController_list"];
        put?: never;
        /** Add a user to a workspace, with a role */
        post: operations["AddMemberController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/workspaces/{uuid}/members/{userId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a member's role or approval right */
        put: operations["WorkspaceMembersController_change"];
        post?: never;
        /** Remove a member from a workspace */
        delete: operations["WorkspaceMembersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/users": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List users */
        get: operations["ListUsersController_list"];
        put?: never;
        /** Create a user */
        post: operations["CreateUserController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/pipeline": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * Is anything stuck?
         * @description Per consumer group the messages not yet handled, the oldest item of each stage (a scheduled post due, a post publishing, a webhook delivery, a dead letter), the posts held too long, and the problems found, in words.
         */
        get: operations["PipelineController_now"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/users/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a user and revoke their tokens */
        delete: operations["DeleteUserController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/users/{id}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a user's API tokens */
        get: operations["ListTokensController_list"];
        put?: never;
        /** Create an API token for a user */
        post: operations["CreateTokenController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke any API token */
        delete: operations["RevokeTokenController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List system webhooks */
        get: operations["PanelWebhooksController_list"];
        put?: never;
        /** Register a system webhook (every workspace's events) */
        post: operations["PanelWebhooksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a system webhook */
        get: operations["PanelWebhooksController_get"];
        /** Change a system webhook */
        put: operations["PanelWebhooksController_update"];
        post?: never;
        /** Delete a system webhook */
        delete: operations["PanelWebhooksController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a system webhook's deliveries */
        get: operations["PanelDeliveriesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery of a system webhook again */
        post: operations["PanelDeliveriesController_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a system webhook's signing secret */
        post: operations["PanelWebhookActionsController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed sample event to a system webhook */
        post: operations["PanelWebhookActionsController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a system webhook's failed deliveries of a time window due again */
        post: operations["PanelWebhookActionsController_recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/dead-letters": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List dead letters */
        get: operations["ListDeadLettersController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/dead-letters/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replay the dead letters that can be replayed */
        post: operations["ReplayDeadLettersController_pending"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/panel/dead-letters/{id}/replay": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Replay one dead letter */
        post: operations["ReplayDeadLettersController_one"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/membership": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The caller's role in a workspace */
        get: operations["OwnMembershipController_own"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/accounts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's social accounts */
        get: operations["ListAccountsController_list"];
        put?: never;
        /** Connect a social account with its credentials */
        post: operations["ConnectAccountController_connect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/accounts/connect/{provider}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start connecting an account through the platform's OAuth consent page */
        post: operations["StartOAuthController_start"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/accounts/{id}/reconnect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Give an account new credentials */
        post: operations["ReconnectAccountController_reconnect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/accounts/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Disconnect a social account */
        delete: operations["DeleteAccountController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's posts */
        get: operations["ListPostsController_list"];
        put?: never;
        /** Create a post: a draft, scheduled, or queued */
        post: operations["CreatePostController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/counts": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** How many posts of the workspace are in each status */
        get: operations["CountPostsController_counts"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a post */
        get: operations["GetPostController_get"];
        /** Replace a post that is not published */
        put: operations["UpdatePostController_update"];
        post?: never;
        /** Delete a post that is not published */
        delete: operations["DeletePostController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}/history": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** What happened to a post, oldest first */
        get: operations["PostHistoryController_history"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve a post that needs approval */
        post: operations["ApprovePostController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Publish a failed post again to the accounts it failed on */
        post: operations["RetryPostController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check a post body as creating it would, without creating anything */
        post: operations["ValidatePostController_validate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/import": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Import posts from CSV or a JSON array: a dry run, or all rows or none */
        post: operations["ImportPostsController_import"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the review notes of a post, oldest first */
        get: operations["ListNotesController_list"];
        put?: never;
        /** Add a review note to a post */
        post: operations["AddNoteController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}/preview-links": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the post’s preview links that were not revoked (never their tokens) */
        get: operations["ManagePreviewLinksController_list"];
        put?: never;
        /** Make a link that shows the post to a reviewer without an account */
        post: operations["ManagePreviewLinksController_make"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}/preview-links/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke a preview link: it shows nothing from now on */
        delete: operations["ManagePreviewLinksController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/preview/{token}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The post a preview link shows, with its review notes (no token needed) */
        get: operations["PreviewController_show"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/preview/{token}/platforms": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** For the preview page: the descriptions of the post’s platforms, and the version each account publishes */
        get: operations["PreviewController_rendering"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/preview/{token}/notes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a review note from outside, under the name the reviewer gives */
        post: operations["PreviewController_addNote"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/preview/{token}/approve": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Approve the post through a link that allows it, as the member who made the link */
        post: operations["PreviewController_approve"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/feeds": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List the feeds the workspace follows */
        get: operations["FeedsController_list"];
        put?: never;
        /** Follow a feed: it is read at once (the items present then are never posted), then every FEED_POLL_INTERVAL_MINUTES */
        post: operations["FeedsController_follow"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/feeds/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A feed the workspace follows */
        get: operations["FeedsController_get"];
        put?: never;
        post?: never;
        /** Stop following a feed (its posts stay) */
        delete: operations["FeedsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/feeds/{id}/poll": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read a feed now, rather than at its next time */
        post: operations["FeedsController_poll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A post’s figures on each of its accounts, as last read (1 h, 24 h and 7 days after publishing, and when asked) */
        get: operations["PostMetricsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/posts/{postUuid}/metrics/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Read the post’s figures now (at most once every 60 s per post) */
        post: operations["PostMetricsController_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/analytics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Totals of the latest figures of the posts published in a range, per account and per day (UTC); `format=csv` for CSV */
        get: operations["AnalyticsController_totals"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's webhooks */
        get: operations["WorkspaceWebhooksController_list"];
        put?: never;
        /** Register a webhook for a workspace's post events */
        post: operations["WorkspaceWebhooksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/webhooks/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get a workspace webhook */
        get: operations["WorkspaceWebhooksController_get"];
        /** Change a workspace webhook */
        put: operations["WorkspaceWebhooksController_update"];
        post?: never;
        /** Delete a workspace webhook */
        delete: operations["WorkspaceWebhooksController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/webhooks/{id}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace webhook's deliveries */
        get: operations["WorkspaceDeliveriesController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/webhooks/{id}/deliveries/{deliveryId}/resend": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a delivery of a workspace webhook again */
        post: operations["WorkspaceDeliveriesController_resend"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/webhooks/{id}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a workspace webhook's signing secret */
        post: operations["WorkspaceWebhookActionsController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/webhooks/{id}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a signed sample event to a workspace webhook */
        post: operations["WorkspaceWebhookActionsController_test"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/webhooks/{id}/recover": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Make a workspace webhook's failed deliveries of a time window due again */
        post: operations["WorkspaceWebhookActionsController_recover"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** List a workspace's media */
        get: operations["ListMediaController_list"];
        put?: never;
        /** Upload an image or a video */
        post: operations["UploadMediaController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/media/{id}/file": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Download a media file */
        get: operations["GetMediaFileController_file"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/media/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete a media file no scheduled post uses */
        delete: operations["DeleteMediaController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/{workspaceUuid}/queue": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Get the workspace's posting queue */
        get: operations["GetQueueController_get"];
        /** Set the workspace's posting queue */
        put: operations["SetQueueController_set"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Liveness: the process answers */
        get: operations["HealthController_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Readiness: the process can serve requests */
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        ApiLinksDoc: {
            /**
             * @description the dashboard
             * @example /app
             */
            app: string;
            /**
             * @description the API reference (Swagger UI)
             * @example /api/docs
             */
            docs: string;
            /**
             * @description the OpenAPI document
             * @example /api/docs-json
             */
            openapi: string;
        };
        ApiIndexDoc: {
            /** @example social-publishing-service */
            name: string;
            /** @example 0.1.0 */
            version: string;
            links: components["schemas"]["ApiLinksDoc"];
        };
        OwnWorkspaceDoc: {
            /** Format: uuid */
            uuid: string;
            name: string;
            /** @enum {string} */
            role: "admin" | "member" | "viewer";
            can_approve: boolean;
        };
        MeDoc: {
            user_id: number;
            is_admin: boolean;
            /** @description the workspaces the caller is a member of, by name */
            workspaces: components["schemas"]["OwnWorkspaceDoc"][];
        };
        Error: {
            /** @description what went wrong, in one sentence; each response lists the messages of its status */
            message: string;
        };
        PlatformTextDoc: {
            /** @description the longest text of one content item; null: no limit */
            limit: number | null;
            /** @description the longest text of an item that carries media, when shorter (a caption) */
            limit_with_media: number | null;
            /**
             * @description how the text is counted
             * @enum {string}
             */
            counting: "graphemes" | "code_points" | "weighted";
        };
        PlatformMediaDoc: {
            /** @description whether a version for the platform must carry media */
            required: boolean;
            /** @description the media it takes */
            types: ("image" | "video")[];
            /** @description the most media of one item; null: not limited by the service */
            max_count: number | null;
        };
        PlatformOptionDoc: {
            /** @description the field of `versions.N.options.<provider>` */
            name: string;
            /** @enum {string} */
            type: "boolean" | "choice" | "text" | "url" | "text_list";
            /** @description the values a choice takes */
            choices: string[] | null;
            /** @description required of every account (false for a field only accounts without it in their settings must give, such as Pinterest's board) */
            required: boolean;
            max_length: number | null;
        };
        ConnectFieldDoc: {
            name: string;
            required: boolean;
        };
        PlatformConnectDoc: {
            /** @description connected through OAuth (`GET .../accounts/oauth/{provider}/start`) rather than with the fields below */
            oauth: boolean;
            /** @description fields of the account's `settings` */
            settings: components["schemas"]["ConnectFieldDoc"][];
            /** @description fields of the account's `credentials` */
            credentials: components["schemas"]["ConnectFieldDoc"][];
        };
        PlatformDoc: {
            /** @example bluesky */
            provider: string;
            /** @example Bluesky */
            label: string;
            text: components["schemas"]["PlatformTextDoc"];
            /**
             * @description how further content items follow the first
             * @enum {string}
             */
            items: "thread" | "first_comment" | "single";
            media: components["schemas"]["PlatformMediaDoc"];
            options: components["schemas"]["PlatformOptionDoc"][];
            connect: components["schemas"]["PlatformConnectDoc"];
        };
        PlatformListDoc: {
            data: components["schemas"]["PlatformDoc"][];
        };
        /** @description A token as listings show it: never the token itself or its digest */
        TokenSummary: {
            /** @example 3 */
            id: number;
            /** @example ci */
            name: string;
            /** Format: date-time */
            created_at: string;
            /**
             * Format: date-time
             * @description null: never expires (an expired token is listed until revoked)
             */
            expires_at: string | null;
            /**
             * Format: date-time
             * @description the last request it authenticated, to the minute; null: never used
             */
            last_used_at: string | null;
        };
        TokenSummaryList: {
            data: components["schemas"]["TokenSummary"][];
        };
        CreateTokenDto: {
            /** @example ci */
            name: string;
            /**
             * Format: date-time
             * @description ISO 8601, not later than the expiry of the token sending the request; absent or null: the expiry of that token (never, for a token without one)
             * @example 2027-01-01T00:00:00Z
             */
            expires_at?: string | null;
        };
        Token: {
            /** @example 3 */
            id: number;
            /** @example ci */
            name: string;
            /**
             * @description the bearer token in plain text: shown this once, only its digest is kept
             * @example sps_92QCfBFmX06ttVMIHJuVMNNvQ16OKzWEZwSNk4r0VQE
             */
            token: string;
            /**
             * Format: date-time
             * @description null: never expires
             */
            expires_at: string | null;
        };
        ValidationError: {
            /** @example Validation errors. */
            message: string;
            /**
             * @description field path (dot notation) -> messages; every failing field at once
             * @example {
             *       "versions.0.is_original": [
             *         "The is_original field must be true for the first version."
             *       ]
             *     }
             */
            errors: {
                [key: string]: string[];
            };
        };
        Workspace: {
            /** Format: uuid */
            uuid: string;
            /** @example Acme */
            name: string;
            /** Format: date-time */
            created_at: string;
        };
        WorkspaceList: {
            data: components["schemas"]["Workspace"][];
        };
        CreateWorkspaceDto: {
            /** @example Acme */
            name: string;
        };
        OwnMembershipDoc: {
            /** Format: uuid */
            workspace_uuid: string;
            /**
             * @description admin: manages webhooks too; member: posts and accounts; viewer: reads
             * @enum {string}
             */
            role: "admin" | "member" | "viewer";
            can_approve: boolean;
        };
        CreatedWorkspace: {
            /** Format: uuid */
            uuid: string;
            /** @example Acme */
            name: string;
            /** Format: date-time */
            created_at: string;
            /** @description the rights of its creator, now its first member: role admin, can_approve true */
            membership: components["schemas"]["OwnMembershipDoc"];
        };
        RenameWorkspaceDto: {
            /** @example Acme Europe */
            name: string;
        };
        AddMemberDto: {
            /** @example 2 */
            user_id: number;
            /**
             * @description viewers only read
             * @enum {string}
             */
            role: "admin" | "member" | "viewer";
            /**
             * @description may approve posts that need approval
             * @default false
             */
            can_approve?: boolean;
        };
        /** @enum {string} */
        WorkspaceRole: "admin" | "member" | "viewer";
        Member: {
            /** Format: uuid */
            workspace_uuid: string;
            /** @example 2 */
            user_id: number;
            role: components["schemas"]["WorkspaceRole"];
            /** @description may approve posts that need approval */
            can_approve: boolean;
        };
        WorkspaceMember: {
            /** @example 2 */
            user_id: number;
            /** @example Ann */
            name: string;
            /** @example ann@example.com */
            email: string;
            role: components["schemas"]["WorkspaceRole"];
            /** @description may approve posts that need approval */
            can_approve: boolean;
        };
        WorkspaceMemberList: {
            data: components["schemas"]["WorkspaceMember"][];
        };
        ChangeMemberDto: {
            /**
             * @description viewers only read
             * @enum {string}
             */
            role?: "admin" | "member" | "viewer";
            /** @description may approve posts that need approval */
            can_approve?: boolean;
        };
        User: {
            /** @example 2 */
            id: number;
            /** @example Ada */
            name: string;
            /**
             * Format: email
             * @example ada@example.com
             */
            email: string;
            /** @description admins may use the panel endpoints */
            is_admin: boolean;
        };
        UserList: {
            data: components["schemas"]["User"][];
        };
        ConsumerGroupLag: {
            /** @example publisher */
            group: string;
            /** @example post-publishing */
            topic: string;
            /**
             * @description messages on the topic the group has not handled yet, over all partitions
             * @example 0
             */
            lag: number;
            /** @example 4 */
            partitions: number;
        };
        PipelineTimers: {
            /** @description scheduled posts whose time has come and whose publishing has not started */
            due: number;
            /** Format: date-time */
            oldest_due_at: string | null;
            /** @description seconds since the oldest was due */
            late_seconds: number;
        };
        PipelinePublishing: {
            in_progress: number;
            /**
             * Format: date-time
             * @description the last change of the post publishing longest
             */
            oldest_since: string | null;
            seconds: number;
        };
        PipelineDeliveries: {
            /** @description deliveries of active webhooks still to make */
            pending: number;
            /** @description of those, the ones waiting for a retry */
            retrying: number;
            /** Format: date-time */
            oldest_due_at: string | null;
            late_seconds: number;
        };
        PipelineDeadLetters: {
            /** @description not yet replayed */
            waiting: number;
            /** Format: date-time */
            oldest_at: string | null;
        };
        PipelineStages: {
            timers: components["schemas"]["PipelineTimers"];
            publishing: components["schemas"]["PipelinePublishing"];
            /** @description null when the webhook-dispatcher did not answer */
            deliveries: components["schemas"]["PipelineDeliveries"] | null;
            dead_letters: components["schemas"]["PipelineDeadLetters"];
        };
        StuckPost: {
            /** Format: uuid */
            uuid: string;
            /** Format: uuid */
            workspace_uuid: string;
            /** @enum {string} */
            status: "scheduled" | "publishing";
            /**
             * Format: date-time
             * @description its due time (scheduled) or its last change (publishing)
             */
            since: string;
            /** @example Due, and its publishing has not started. */
            reason: string;
        };
        Pipeline: {
            /** Format: date-time */
            checked_at: string;
            /** @description true when no problem was found */
            healthy: boolean;
            /**
             * @example [
             *       "3 webhook deliveries wait; the oldest has been due for 95 s (is the webhook-dispatcher running?)."
             *     ]
             */
            problems: string[];
            /** @description null when the broker did not answer */
            consumer_groups: components["schemas"]["ConsumerGroupLag"][] | null;
            stages: components["schemas"]["PipelineStages"];
            /** @description at most 20 late scheduled posts and 20 posts publishing too long, oldest first */
            stuck_posts: components["schemas"]["StuckPost"][];
        };
        CreateUserDto: {
            /** @example Ada */
            name: string;
            /** @example ada@example.com */
            email: string;
            /**
             * @description admins may use the panel endpoints
             * @default false
             */
            is_admin?: boolean;
        };
        /**
         * @description Empty or absent: the four events of the specification (post.scheduled, post.published, post.failed, post.approved); "*": every event. The events: post.scheduled (when a post is scheduled; body: post); post.published (when a post is published to all its accounts; body: post); post.failed (when a post failed on one or more accounts (after all were attempted); body: post); post.approved (when a post awaiting approval is approved; body: post); post.created (when a post is created; body: post); post.updated (when a post is changed; body: post); post.deleted (when a post is deleted; body: post); post.approval_requested (when a post enters needs_approval; body: post); post.publishing (when publishing starts; body: post); post.account_published (when one account's publish succeeded; body: post, account); post.account_failed (when one account's publish failed; body: post, account); post.metrics_updated (when new analytics figures were read for a published post; body: post, metrics); account.connected (when an account is connected, or connected again; body: account); account.disconnected (when an account is removed; body: account); account.needs_reconnect (when a refresh is refused or a publish fails for lack of authorization: the account is authorized: false; body: account, reason); account.token_expiring (when a token that cannot be refreshed expires within ACCOUNT_EXPIRY_WARNING_DAYS; once per token; body: account, expires_at).
         * @enum {string}
         */
        WebhookEventChoice: "post.scheduled" | "post.published" | "post.failed" | "post.approved" | "post.created" | "post.updated" | "post.deleted" | "post.approval_requested" | "post.publishing" | "post.account_published" | "post.account_failed" | "post.metrics_updated" | "account.connected" | "account.disconnected" | "account.needs_reconnect" | "account.token_expiring" | "*";
        /**
         * @description the status of the newest delivery
         * @enum {string}
         */
        DeliveryStatus: "pending" | "succeeded" | "failed";
        Webhook: {
            /** @example 1 */
            id: number;
            /**
             * Format: uri
             * @description for viewers only its origin (`https://example.com`): a path or a query may hold credentials
             * @example https://example.com/hooks/posts
             */
            url: string;
            /** @description Empty or absent: the four events of the specification (post.scheduled, post.published, post.failed, post.approved); "*": every event. The events: post.scheduled (when a post is scheduled; body: post); post.published (when a post is published to all its accounts; body: post); post.failed (when a post failed on one or more accounts (after all were attempted); body: post); post.approved (when a post awaiting approval is approved; body: post); post.created (when a post is created; body: post); post.updated (when a post is changed; body: post); post.deleted (when a post is deleted; body: post); post.approval_requested (when a post enters needs_approval; body: post); post.publishing (when publishing starts; body: post); post.account_published (when one account's publish succeeded; body: post, account); post.account_failed (when one account's publish failed; body: post, account); post.metrics_updated (when new analytics figures were read for a published post; body: post, metrics); account.connected (when an account is connected, or connected again; body: account); account.disconnected (when an account is removed; body: account); account.needs_reconnect (when a refresh is refused or a publish fails for lack of authorization: the account is authorized: false; body: account, reason); account.token_expiring (when a token that cannot be refreshed expires within ACCOUNT_EXPIRY_WARNING_DAYS; once per token; body: account, expires_at). */
            events: components["schemas"]["WebhookEventChoice"][];
            /**
             * @description Standard Webhooks signing secret (generated when none was given); null for members and viewers: only workspace admins see it
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret: string | null;
            /** @description false also when the service disabled it (see disabled_at) */
            active: boolean;
            /**
             * Format: date-time
             * @description until then the secret before the last rotation signs every delivery too
             */
            previous_secret_expires_at: string | null;
            /**
             * Format: date-time
             * @description when the service set the webhook inactive; null once it is active again
             */
            disabled_at: string | null;
            /**
             * @description why the service set it inactive
             * @example The endpoint answered 410 Gone.
             */
            disabled_reason: string | null;
            /**
             * Format: date-time
             * @description when the newest delivery was queued
             */
            last_delivery_at: string | null;
            /** @description the status of the newest delivery */
            last_delivery_status: components["schemas"]["DeliveryStatus"] | null;
            /**
             * @description share of the attempts of the last 24 hours that got a 2xx; null without attempts
             * @example 0.98
             */
            success_rate_24h: number | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
        };
        WebhookList: {
            data: components["schemas"]["Webhook"][];
        };
        WebhookBody: {
            /**
             * @description required on create
             * @example https://example.com/hooks/posts
             */
            url?: string;
            /** @description Empty or absent: the four events of the specification (post.scheduled, post.published, post.failed, post.approved); "*": every event. The events: post.scheduled (when a post is scheduled; body: post); post.published (when a post is published to all its accounts; body: post); post.failed (when a post failed on one or more accounts (after all were attempted); body: post); post.approved (when a post awaiting approval is approved; body: post); post.created (when a post is created; body: post); post.updated (when a post is changed; body: post); post.deleted (when a post is deleted; body: post); post.approval_requested (when a post enters needs_approval; body: post); post.publishing (when publishing starts; body: post); post.account_published (when one account's publish succeeded; body: post, account); post.account_failed (when one account's publish failed; body: post, account); post.metrics_updated (when new analytics figures were read for a published post; body: post, metrics); account.connected (when an account is connected, or connected again; body: account); account.disconnected (when an account is removed; body: account); account.needs_reconnect (when a refresh is refused or a publish fails for lack of authorization: the account is authorized: false; body: account, reason); account.token_expiring (when a token that cannot be refreshed expires within ACCOUNT_EXPIRY_WARNING_DAYS; once per token; body: account, expires_at). */
            events?: components["schemas"]["WebhookEventChoice"][];
            /**
             * @description Standard Webhooks signing secret; absent or null: generated on create, kept on update
             * @example whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw
             */
            secret?: string | null;
            /** @default true */
            active?: boolean;
        };
        /** @enum {string} */
        WebhookEvent: "post.scheduled" | "post.published" | "post.failed" | "post.approved" | "post.created" | "post.updated" | "post.deleted" | "post.approval_requested" | "post.publishing" | "post.account_published" | "post.account_failed" | "post.metrics_updated" | "account.connected" | "account.disconnected" | "account.needs_reconnect" | "account.token_expiring";
        /**
         * @description why it failed: an answer outside 2xx, no answer within WEBHOOK_TIMEOUT_MS, no connection, or an address that is not public; null when it succeeded
         * @enum {string}
         */
        AttemptErrorKind: "http_status" | "timeout" | "connection" | "address_refused";
        DeliveryAttempt: {
            /** Format: date-time */
            at: string;
            /**
             * @description null when no answer came
             * @example 200
             */
            status_code: number | null;
            /** @example 87 */
            duration_ms: number;
            /**
             * @description why the attempt failed, when it did
             * @example null
             */
            error: string | null;
            /** @description why it failed: an answer outside 2xx, no answer within WEBHOOK_TIMEOUT_MS, no connection, or an address that is not public; null when it succeeded */
            error_kind: components["schemas"]["AttemptErrorKind"] | null;
            /** @description the start of the answer body (at most 1 KB) */
            response: string | null;
            /**
             * Format: date-time
             * @description when the retry this failure led to is due; null when none followed
             */
            next_retry_at: string | null;
        };
        WebhookEnvelopeAccount: {
            /** @example 1 */
            id: number;
            /** @example sandbox */
            provider: string;
            /** @example Acme on Sandbox */
            name: string;
            /**
             * @description the address of the post (its first content item) on the platform; null until published there
             * @example https://sandbox.invalid/posts/sbx_1
             */
            external_url: string | null;
        };
        WebhookEnvelopePost: {
            /** Format: uuid */
            uuid: string;
            /** @example published */
            status: string;
            /** Format: date-time */
            scheduled_at: string | null;
            /** Format: date-time */
            published_at: string | null;
            accounts: components["schemas"]["WebhookEnvelopeAccount"][];
        };
        /** @description the account an event is about: for `account.*`, its username; for `post.account_published` and `post.account_failed`, its result */
        WebhookEnvelopeEventAccount: {
            /** @example 1 */
            id: number;
            /** @example sandbox */
            provider: string;
            /** @example Acme on Sandbox */
            name: string;
            /**
             * @description `account.*` events
             * @example acme
             */
            username?: string | null;
            /**
             * @description `post.account_*` events: where the post is on the platform; null when it failed
             * @example https://sandbox.invalid/posts/sbx_1
             */
            external_url?: string | null;
            /** @description `post.account_*` events: the platform's messages when it failed */
            errors?: string[];
        };
        /** @description the body POSTed to the webhook: `post`, `account`, `reason` and `expires_at` as the event carries them (see the catalogue of webhook events) */
        WebhookEnvelope: {
            event: components["schemas"]["WebhookEvent"];
            /** Format: uuid */
            workspace_uuid: string;
            /** @description events about a post */
            post?: components["schemas"]["WebhookEnvelopePost"];
            /** @description `account.*`, `post.account_published` and `post.account_failed` */
            account?: components["schemas"]["WebhookEnvelopeEventAccount"];
            /**
             * @description `account.needs_reconnect`: the platform's words
             * @example The access token was revoked.
             */
            reason?: string;
            /**
             * Format: date-time
             * @description `account.token_expiring`: when the token expires
             */
            expires_at?: string;
            /** Format: date-time */
            timestamp: string;
        };
        WebhookDelivery: {
            /**
             * Format: uuid
             * @description sent as the webhook-id header of every attempt
             */
            id: string;
            /** @example 1 */
            webhook_id: number;
            event: components["schemas"]["WebhookEvent"];
            status: components["schemas"]["DeliveryStatus"];
            /** @description oldest first */
            attempts: components["schemas"]["DeliveryAttempt"][];
            /**
             * Format: date-time
             * @description when the next attempt is due, while pending
             */
            next_attempt_at: string | null;
            payload: components["schemas"]["WebhookEnvelope"];
            /** Format: date-time */
            created_at: string;
        };
        WebhookDeliveryList: {
            data: components["schemas"]["WebhookDelivery"][];
        };
        RotateSecretDto: {
            /**
             * @description how long the old secret keeps signing beside the new one (both signatures in `webhook-signature`); 0: not at all
             * @default 86400
             */
            grace_seconds?: number;
        };
        TestWebhookDto: {
            /** @description the event whose sample envelope is sent */
            event: components["schemas"]["WebhookEvent"];
        };
        /** @description the answer of the endpoint to a test event */
        WebhookTestAttempt: {
            /** Format: date-time */
            at: string;
            /**
             * @description null when no answer came
             * @example 200
             */
            status_code: number | null;
            /** @example 87 */
            duration_ms: number;
            /**
             * @description why the attempt failed, when it did
             * @example null
             */
            error: string | null;
            /** @description why it failed: an answer outside 2xx, no answer within WEBHOOK_TIMEOUT_MS, no connection, or an address that is not public; null when it succeeded */
            error_kind: components["schemas"]["AttemptErrorKind"] | null;
            /** @description the start of the answer body (at most 1 KB) */
            response: string | null;
            /** @description whether the endpoint answered 2xx within WEBHOOK_TIMEOUT_MS */
            succeeded: boolean;
            /**
             * Format: uuid
             * @description the webhook-id header of the test (tests are not kept in the delivery log)
             */
            id: string;
        };
        RecoverDeliveriesDto: {
            /**
             * Format: date-time
             * @description deliveries created at or after this instant (ISO 8601)
             * @example 2026-11-22T00:00:00Z
             */
            since: string;
            /**
             * Format: date-time
             * @description and at or before this one; absent: until now
             */
            until?: string | null;
            /**
             * @description true: only count the failed deliveries of the window (what the dashboard shows first)
             * @default false
             */
            dry_run?: boolean;
        };
        RecoveredCount: {
            /**
             * @description failed deliveries of the window (queued again unless dry_run)
             * @example 3
             */
            count: number;
        };
        DeadLetterDoc: {
            /** @example 12 */
            id: number;
            /**
             * @description the topic it was given up on; null for a notice of a message too large to carry
             * @example post-commands
             */
            topic: string | null;
            partition: number | null;
            offset: string | null;
            /** @example post-commands.dlq */
            dead_letter_topic: string;
            /** @description the message key (a post uuid for post topics) */
            key: string;
            /** @example StartPublishing */
            event_type: string | null;
            /**
             * @description the consumer group that gave up
             * @example post-service.commands
             */
            group_id: string | null;
            /** @description 0 when it never reached a handler (it did not decode or verify) */
            attempts: number | null;
            /** @description why the group gave up */
            error: string;
            /** Format: date-time */
            dead_lettered_at: string;
            /** @description whether it may be put back on its topic */
            replayable: boolean;
            not_replayable_reason: string | null;
            /** Format: date-time */
            replayed_at: string | null;
            /** @description the message value, as it was */
            value: {
                [key: string]: unknown;
            };
            headers: {
                [key: string]: string;
            };
        };
        DeadLetterDocList: {
            data: components["schemas"]["DeadLetterDoc"][];
        };
        ReplayDeadLettersDto: {
            /**
             * @description only those given up on this topic
             * @enum {string}
             */
            topic?: "post-events" | "post-commands" | "account-events";
        };
        ReplayOutcomeDoc: {
            /** @description dead letters put back on their topic by this request */
            replayed: number;
            /** @description replayable dead letters still pending (a request replays at most 1000; call again) */
            remaining: number;
        };
        AccountLimits: {
            /**
             * @description the longest text of one content item on this account, counted as its platform counts
             * @example 1000
             */
            text: number | null;
        };
        Account: {
            /** @example 1 */
            id: number;
            /** @example sandbox */
            provider: string;
            /** @example Acme on Sandbox */
            name: string;
            /** @example acme */
            username: string | null;
            /** @description whether the provider accepted the credentials */
            authorized: boolean;
            /**
             * Format: uri
             * @description the account’s picture on its platform, as the provider reported it at connect (Bluesky’s profile picture, Mastodon’s `avatar`, ...); null when it told none
             * @example https://files.mastodon.social/accounts/avatars/000/000/001/original/avatar.png
             */
            avatar_url: string | null;
            /**
             * Format: date-time
             * @description when the account’s token expires, if it cannot be refreshed (the platform gave no refresh token) and expires within ACCOUNT_EXPIRY_WARNING_DAYS, as the webhook event `account.token_expiring` announces; null otherwise, and again once the account is connected anew
             * @example null
             */
            token_expires_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** @description where the connected account narrows its platform’s limits (a Mastodon instance’s `max_characters`); null when it narrows none */
            limits: components["schemas"]["AccountLimits"] | null;
            /**
             * @description option name -> the choices this account offers, where they differ from its platform’s (a TikTok creator’s privacy levels); {} when none differ
             * @example {
             *       "privacy_level": [
             *         "MUTUAL_FOLLOW_FRIENDS",
             *         "SELF_ONLY"
             *       ]
             *     }
             */
            options: {
                [key: string]: string[];
            };
        };
        AccountList: {
            data: components["schemas"]["Account"][];
        };
        ConnectAccountDto: {
            /**
             * @description the platform: `sandbox` (built in, never leaves the machine), `bluesky`, `mastodon`, `telegram`, `discord`; `x`, `linkedin`, `facebook`, `instagram`, `threads`, `youtube`, `tiktok`, `pinterest` and `reddit` with `code` and `redirect_uri` (or their tokens: PRODUCT.md, More providers) of an OAuth authorization, or through POST .../accounts/connect/{provider}
             * @example sandbox
             */
            provider: string;
            /**
             * @description default: the display name the provider reports
             * @example Acme on Sandbox
             */
            name?: string;
            /**
             * @description default: the handle the provider reports
             * @example acme
             */
            username?: string | null;
            /**
             * @description provider settings: sandbox `outcome`; bluesky `service` (PDS URL); mastodon `instance` (required); telegram `chat_id` (required), `api_url`; discord none
             * @example {
             *       "outcome": "success"
             *     }
             */
            settings?: {
                [key: string]: unknown;
            };
            /** @description provider credentials, checked with the platform before the account exists, stored encrypted by the publisher, never returned: bluesky `identifier`, `app_password`; mastodon `access_token`; telegram `bot_token`; discord `webhook_url` */
            credentials?: {
                [key: string]: unknown;
            };
        };
        StartOAuthDto: {
            /**
             * @description default: the name the platform reports
             * @example Acme on X
             */
            name?: string;
            /**
             * @description an account of the workspace on this platform to connect again (after `authorized: false`); it keeps its id and posts
             * @example 12
             */
            account_id?: number;
        };
        AuthorizeUrlDoc: {
            /**
             * @description send the user there; the platform brings them back to /api/oauth/{provider}/callback
             * @example https://x.com/i/oauth2/authorize?response_type=code&client_id=...&state=...
             */
            authorize_url: string;
        };
        ReconnectAccountDto: {
            /**
             * @description settings to change; the others stay as they were
             * @example {}
             */
            settings?: {
                [key: string]: unknown;
            };
            /**
             * @description the new credentials, as when connecting (checked with the platform first)
             * @example {
             *       "access_token": "..."
             *     }
             */
            credentials?: {
                [key: string]: unknown;
            };
        };
        /** @enum {string} */
        PostStatus: "draft" | "needs_approval" | "scheduled" | "publishing" | "published" | "failed";
        /** @description a content item: body and media, no other field */
        PostContent: {
            /** @example Hello, world */
            body: string;
            /** @example [] */
            media: string[];
        };
        PostVersion: {
            /**
             * @description 0 for the original; otherwise the account this version is written for
             * @example 0
             */
            account_id: number;
            /** @example true */
            is_original: boolean;
            content: components["schemas"]["PostContent"][];
            /** @example {} */
            options: {
                [key: string]: unknown;
            };
        };
        PostAccountItem: {
            /**
             * @description the id of the content item on the platform
             * @example sbx_3f2a9c
             */
            external_id: string;
            /** @example https://sandbox.invalid/posts/sbx_3f2a9c */
            external_url: string | null;
        };
        /**
         * @description pending (not yet attempted in the current publishing round), published or failed; a retry publishes again to the failed ones
         * @enum {string}
         */
        PostAccountStatus: "pending" | "published" | "failed";
        PostAccount: {
            /** @example 1 */
            id: number;
            /** @example sandbox */
            provider: string;
            /** @example Acme on Sandbox */
            name: string;
            /** @example acme */
            username: string | null;
            /**
             * @description the publication on the platform (its first content item), once every content item is published there
             * @example null
             */
            external_url: string | null;
            /**
             * @description messages of the last publish attempt on this account
             * @example []
             */
            errors: string[];
            /**
             * @description pending (not yet attempted in the current publishing round), published or failed; a retry publishes again to the failed ones
             * @example pending
             */
            status: components["schemas"]["PostAccountStatus"];
            /**
             * Format: date-time
             * @description when the post was published on this account; null unless status is published
             * @example null
             */
            published_at: string | null;
            /**
             * @description one entry per content item of the version this account publishes, in order: the item on the platform once it is published there, else null (a thread or a first comment)
             * @example [
             *       null
             *     ]
             */
            items: (components["schemas"]["PostAccountItem"] | null)[];
        };
        /** @description publish the post again once it is published: a copy every interval_days, times copies in all */
        RecyclePlan: {
            /** @example 7 */
            interval_days: number;
            /** @example 3 */
            times: number;
        };
        PostActionsDoc: {
            /** @description `PUT` of the post */
            edit: boolean;
            /** @description `DELETE` of the post */
            delete: boolean;
            /** @description `POST .../approve` */
            approve: boolean;
            /** @description `POST .../retry` of the failed accounts */
            retry: boolean;
            /** @description a `PUT` of only its time (a move on the calendar) */
            move: boolean;
        };
        Post: {
            /** Format: uuid */
            uuid: string;
            /** @example scheduled */
            status: components["schemas"]["PostStatus"];
            versions: components["schemas"]["PostVersion"][];
            accounts: components["schemas"]["PostAccount"][];
            /**
             * @example [
             *       "launch"
             *     ]
             */
            tags: string[];
            /**
             * @description how often the post is published again once it is published; null: never
             * @example null
             */
            recycle: components["schemas"]["RecyclePlan"] | null;
            /**
             * Format: uuid
             * @description the uuid of the first post this one is a copy of (a copy made by recycle); null for a post of its own
             * @example null
             */
            recycled_from: string | null;
            /**
             * Format: date-time
             * @description when the post is due; a draft shows the time it keeps for later (it is not due then)
             * @example 2026-11-22T08:30:00.000Z
             */
            scheduled_at: string | null;
            /**
             * Format: date-time
             * @example null
             */
            published_at: string | null;
            /** Format: date-time */
            created_at: string;
            /** Format: date-time */
            updated_at: string;
            /**
             * @description the post's revision, which grows with each change (from 0): its `ETag` is this number, quoted; send that in `If-Match` to change the post only if nobody changed it since
             * @example 3
             */
            revision: number;
            /** @description what the caller may do to the post now, for their role and `can_approve` (each true exactly when that request would succeed) */
            actions: components["schemas"]["PostActionsDoc"];
        };
        PageMeta: {
            /** @example 1 */
            page: number;
            /** @example 20 */
            limit: number;
            /**
             * @description posts matching the filter, on every page
             * @example 1
             */
            total: number;
        };
        PostPage: {
            data: components["schemas"]["Post"][];
            meta: components["schemas"]["PageMeta"];
        };
        /** @description How many posts of the workspace are in each status; deleted posts are not counted, and every status is present. */
        PostCounts: {
            /**
             * @description posts in draft
             * @example 4
             */
            draft: number;
            /**
             * @description posts in scheduled
             * @example 3
             */
            scheduled: number;
            /**
             * @description posts in needs_approval
             * @example 1
             */
            needs_approval: number;
            /**
             * @description posts in publishing
             * @example 0
             */
            publishing: number;
            /**
             * @description posts in published
             * @example 12
             */
            published: number;
            /**
             * @description posts in failed
             * @example 1
             */
            failed: number;
        };
        /** @description a version: account_id, is_original, content and options, no other field */
        PostVersionInput: {
            /**
             * @description 0 for the original; otherwise the account this version is written for
             * @example 0
             */
            account_id: number;
            /**
             * @description exactly one version, the first, is the original
             * @example true
             */
            is_original: boolean;
            /** @description the first item is the post, each further one a reply (a thread: X, Bluesky, Mastodon, Threads, Telegram) or a first comment (Facebook, Instagram, LinkedIn, YouTube, Reddit: at most 2 items); Discord, TikTok and Pinterest publish one. When scheduling, every item needs a body or media, and each is held to its platform's text limit on its own */
            content: components["schemas"]["PostContent"][];
            /**
             * @description one object per platform that needs choices, keyed by provider name, checked when the post is scheduled: mastodon `sensitive`, `spoiler_text`; instagram and facebook `type`; youtube `title`, `privacy`, `tags`; tiktok `privacy_level`, `disable_comment`; pinterest `board_id`, `title`, `link`; reddit `subreddit`, `title`, `flair_id`, `flair_text`. At most 8 levels deep and 10000 characters as JSON
             * @example {
             *       "mastodon": {
             *         "sensitive": true,
             *         "spoiler_text": "Spoilers"
             *       }
             *     }
             */
            options?: {
                [key: string]: unknown;
            };
        };
        /** @description the body of a post create or update. A field the API does not know (at the top, in a version or in a content item) is refused under its path: "The scheduleNow field is not recognized. Did you mean schedule_now?" (the known field is named when it is one edit, or a change of case or separators, away). */
        PostBody: {
            /** @description no text anywhere in the body may hold a NUL character */
            versions: components["schemas"]["PostVersionInput"][];
            /**
             * @description ids of accounts of this workspace; when scheduling, the version for each must fit its platform text limit
             * @example [
             *       1
             *     ]
             */
            accounts?: number[];
            /**
             * @description Y-m-d
             * @example 2026-11-22
             */
            date?: string;
            /**
             * @description H:i
             * @example 09:30
             */
            time?: string;
            /**
             * @description IANA time zone of date and time
             * @default UTC
             * @example Europe/Paris
             */
            timezone?: string;
            /**
             * @description ISO 8601 with offset; instead of date + time
             * @example 2026-11-22T09:30:00+01:00
             */
            scheduled_at?: string;
            /** @description schedule at date + time (or scheduled_at); on an update without a time, at the time the post has. Without it (or queue, schedule_now) the post is a draft that keeps the time it is given, past ones too */
            schedule?: boolean;
            /** @description publish as soon as possible */
            schedule_now?: boolean;
            /** @description schedule at the next free slot of the workspace's queue (GET /{workspaceUuid}/queue), instead of date, time, scheduled_at or schedule_now; a slot is free when no post of the workspace that is scheduled, needs_approval or publishing is due then. 422 under queue when the queue has no slots */
            queue?: boolean;
            /**
             * @example [
             *       "launch"
             *     ]
             */
            tags?: string[];
            /** @description publish the post again: once it is published, a copy (same versions, accounts and media, a post of its own with recycled_from) is scheduled interval_days after its published_at, then each following copy interval_days later (counted from the first publication, so copies keep its time of day), until times copies were made. Absent or null on an update: no more copies */
            recycle?: components["schemas"]["RecyclePlan"] | null;
        };
        /**
         * @description what happened, as `post-events` names it
         * @enum {string}
         */
        PostEventName: "post.created" | "post.updated" | "post.scheduled" | "post.approval_requested" | "post.approved" | "post.deleted" | "post.publishing_started" | "post.account_published" | "post.account_failed" | "post.published" | "post.failed" | "post.metrics_updated";
        PostHistoryEntry: {
            /**
             * @description what happened, as `post-events` names it
             * @example post.scheduled
             */
            type: components["schemas"]["PostEventName"];
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            at: string;
            /**
             * @description the post's revision after it (0 for post.created)
             * @example 1
             */
            revision: number;
            /**
             * @description the account post.account_published and post.account_failed are about
             * @example null
             */
            account_id: number | null;
        };
        PostHistory: {
            /** @description oldest first */
            data: components["schemas"]["PostHistoryEntry"][];
        };
        PostValidation: {
            /**
             * @example true
             * @enum {boolean}
             */
            valid: true;
        };
        /** @description a row of an import: one post. In CSV, the header row names these columns, and every value is text */
        ImportRow: {
            /**
             * @description the text of the post (its original version's one content item)
             * @example Our spring sale starts today.
             */
            text: string;
            /** @description account ids separated by `|` (in JSON, an array of ids too) */
            accounts: string | number[];
            /**
             * @description ISO 8601 with an offset: the post is scheduled then. Neither this nor queue: a draft
             * @example 2030-12-01T09:30:00+01:00
             */
            scheduled_at?: string;
            /**
             * @description true: the post takes the queue's next free slot; rows that take the queue take its free slots in row order
             * @example true
             */
            queue?: boolean | ("true" | "false" | "");
            /** @description media ids separated by `|` (in JSON, an array too) */
            media?: string | string[];
            /** @description tags separated by `|` (in JSON, an array too) */
            tags?: string | string[];
        };
        ImportRowReport: {
            /**
             * @description the row, from 0 (the first row after a CSV header)
             * @example 0
             */
            row: number;
            /**
             * @description per column, the messages POST posts gives for that field; {} for a valid row
             * @example {
             *       "accounts": [
             *         "The selected account is invalid."
             *       ]
             *     }
             */
            errors: {
                [key: string]: string[];
            };
        };
        ImportDryRun: {
            /**
             * @description every row is valid: the same import without dry_run would create every post
             * @example false
             */
            valid: boolean;
            rows: components["schemas"]["ImportRowReport"][];
        };
        ImportedPosts: {
            /** @description the posts created, in row order */
            data: components["schemas"]["Post"][];
        };
        ReviewNoteAuthor: {
            /**
             * @description the member’s user id; null for a reviewer from outside
             * @example 2
             */
            id: number | null;
            /**
             * @description the member’s name, or the name a reviewer from outside gave
             * @example Ann
             */
            name: string;
            /**
             * @description present (true) only on a note from outside, written through a preview link
             * @enum {boolean}
             */
            external?: true;
        };
        ReviewNote: {
            /** @example 1 */
            id: number;
            /** @example The link in the second item is wrong. */
            body: string;
            /** @description who wrote it: a member, or a reviewer from outside through a preview link */
            author: components["schemas"]["ReviewNoteAuthor"];
            /**
             * Format: date-time
             * @example 2026-11-22T09:00:00.000Z
             */
            created_at: string;
        };
        ReviewNoteList: {
            data: components["schemas"]["ReviewNote"][];
        };
        MakePreviewLinkDto: {
            /**
             * @description how long the link works
             * @default 168
             */
            expires_in_hours?: number;
            /**
             * @description whether a reviewer through the link may approve the post; needs the caller’s own can_approve
             * @default false
             */
            can_approve?: boolean;
        };
        MadePreviewLink: {
            /** @example 3 */
            id: number;
            /**
             * Format: uri
             * @description the page to send to the reviewer: shown this once (its token is stored hashed)
             * @example https://social.example.com/p/1mJ0YbV0b4bqvYgk3oQ5y8r8cQkq2Yx9l3uQW6dE7aA
             */
            url: string;
            /** Format: date-time */
            expires_at: string;
            can_approve: boolean;
        };
        PreviewLink: {
            /** @example 3 */
            id: number;
            /**
             * Format: date-time
             * @description when the link stops working (in the past: it has expired)
             */
            expires_at: string;
            /** @description whether a reviewer through the link may approve the post */
            can_approve: boolean;
            /** Format: date-time */
            created_at: string;
        };
        PreviewLinkList: {
            data: components["schemas"]["PreviewLink"][];
        };
        PreviewAccount: {
            /** @example mastodon */
            provider: string;
            /** @example Acme on Mastodon */
            name: string;
            /** @example acme */
            username: string | null;
        };
        PreviewedPost: {
            /** Format: uuid */
            uuid: string;
            status: components["schemas"]["PostStatus"];
            versions: components["schemas"]["PostVersion"][];
            accounts: components["schemas"]["PreviewAccount"][];
            /** Format: date-time */
            scheduled_at: string | null;
        };
        PostPreview: {
            post: components["schemas"]["PreviewedPost"];
            /** @description the post’s review notes, oldest first */
            notes: components["schemas"]["ReviewNote"][];
            /** @description whether the link lets its reviewer approve the post */
            can_approve: boolean;
            /** Format: date-time */
            expires_at: string;
        };
        PreviewRendering: {
            /** @description the descriptions of the post’s platforms, as `GET /api/platforms` gives them */
            data: components["schemas"]["PlatformDoc"][];
            /** @description for each account of the preview, in its order, the index in `post.versions` of the version it publishes */
            account_versions: number[];
        };
        OutsideNoteDto: {
            /**
             * @description the reviewer’s name, as the post’s members will read it
             * @example Carol (client)
             */
            name: string;
            /** @example Please say “spring” instead of “Q2”. */
            body: string;
        };
        OutsideApprovalDto: {
            /**
             * @description the reviewer’s name, as the post’s members will read it
             * @example Carol (client)
             */
            name: string;
        };
        FollowFeedDto: {
            /**
             * Format: uri
             * @description an RSS 2.0 or Atom feed, over http or https
             * @example https://blog.example.com/feed.xml
             */
            url: string;
            /**
             * @description the accounts each new item’s post goes to
             * @example [
             *       1
             *     ]
             */
            accounts: number[];
            /**
             * @description each new item as a draft, or in the next free slot of the posting queue
             * @enum {string}
             */
            mode: "draft" | "queue";
            /**
             * @description the post’s text: `{title}`, `{link}` and `{summary}` are the item’s
             * @default {title} {link}
             */
            template?: string;
        };
        Feed: {
            /** @example 1 */
            id: number;
            /** Format: uri */
            url: string;
            accounts: number[];
            /** @enum {string} */
            mode: "draft" | "queue";
            /** @example {title} {link} */
            template: string;
            /**
             * Format: date-time
             * @description when it was last read; null before its first read
             */
            last_polled_at: string | null;
            /**
             * @description why its last read failed, or why an item of it was not posted; null when it went well
             * @example null
             */
            last_error: string | null;
            /** Format: date-time */
            created_at: string;
        };
        FeedList: {
            data: components["schemas"]["Feed"][];
        };
        /** @description A post’s figures; null where the platform does not report the figure (never 0 for “not reported”). */
        PostMetrics: {
            /** @example 120 */
            impressions: number | null;
            /** @example 4 */
            likes: number | null;
            /** @example 1 */
            replies: number | null;
            /** @example 2 */
            reposts: number | null;
            /** @example 0 */
            quotes: number | null;
            /** @example null */
            saves: number | null;
            /** @example null */
            clicks: number | null;
            /** @example null */
            views: number | null;
        };
        PostMetricsEntry: {
            /** @example 1 */
            account_id: number;
            /** @example bluesky */
            provider: string;
            /** @description false for a platform that reports no figures (Telegram, Discord) */
            supported: boolean;
            /**
             * Format: date-time
             * @description when the figures were read; null before the first reading
             */
            collected_at: string | null;
            metrics: components["schemas"]["PostMetrics"];
        };
        PostMetricsList: {
            data: components["schemas"]["PostMetricsEntry"][];
        };
        AnalyticsDay: {
            /**
             * Format: date
             * @description the day (UTC) the posts were published
             * @example 2026-12-01
             */
            date: string;
            /** @example 1 */
            account_id: number;
            /** @example bluesky */
            provider: string;
            /** @description posts published on the account that day */
            posts: number;
            /** @description sums of their latest figures; null where none of them has the figure */
            metrics: components["schemas"]["PostMetrics"];
        };
        Analytics: {
            data: components["schemas"]["AnalyticsDay"][];
        };
        AddNoteDto: {
            /** @example The link in the second item is wrong. */
            body: string;
        };
        Media: {
            /**
             * Format: uuid
             * @description what a version’s `content[].media` names
             */
            id: string;
            /**
             * @description detected from the file’s bytes, not from the Content-Type the client sent
             * @enum {string}
             */
            mime_type: "image/png" | "image/jpeg" | "image/gif" | "image/webp" | "video/mp4";
            /**
             * @description bytes
             * @example 48213
             */
            size: number;
            /**
             * @description pixels, read from the file’s header; null for MP4
             * @example 1200
             */
            width: number | null;
            /**
             * @description pixels, read from the file’s header; null for MP4
             * @example 800
             */
            height: number | null;
            /**
             * Format: uri-reference
             * @description the bytes, served to members of the workspace (same authentication as the API): under PUBLIC_URL when it is set, else the path alone (`/api/...`, on the address the API is reached at)
             */
            url: string;
            /** Format: date-time */
            created_at: string;
            /** @description the posts whose versions name the file, drafts and published ones included (deleted ones never), as the post events tell it: a post just saved shows here within moments. A post that is scheduled, waiting for approval or being published keeps the file from being deleted (409). Always empty in the upload’s answer */
            used_by: string[];
            /** @description false while a post that is scheduled, waiting for approval or being published names the file (DELETE answers 409 then), as the post events tell it; true in the upload’s answer */
            deletable: boolean;
        };
        MediaList: {
            data: components["schemas"]["Media"][];
        };
        MediaUpload: {
            /**
             * Format: binary
             * @description PNG, JPEG, GIF, WebP or MP4, at most MEDIA_MAX_BYTES (default 50 MB)
             */
            file: Blob;
        };
        QueueSlot: {
            /**
             * @example mon
             * @enum {string}
             */
            day: "mon" | "tue" | "wed" | "thu" | "fri" | "sat" | "sun";
            /**
             * @description H:i, a wall time in the queue's time zone
             * @example 09:30
             */
            time: string;
        };
        PostingQueue: {
            /**
             * @description IANA time zone of the slots
             * @default UTC
             * @example Europe/Paris
             */
            timezone: string;
            /** @description weekly time slots, in week order (Monday first), then by time; a day and time given twice is kept once. On a day the clocks skip a slot's time, the slot is the moment they jump to; when they show it twice, the first time. */
            slots: components["schemas"]["QueueSlot"][];
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    ApiIndexController_index: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ApiIndexDoc"];
                };
            };
        };
    };
    WhoAmIController_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeDoc"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PlatformsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PlatformListDoc"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OwnTokensController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenSummaryList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OwnTokensController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per token and path (the answer holds a secret: another token of the same user never gets it replayed), kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also an expires_at that is not a date after now or later than the expiry of the token sending the request (without expires_at, the new token expires with it), and a caller who holds 50 live tokens already ("tokens"). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OwnTokensController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description one of the caller's tokens, as GET /api/me/tokens lists it */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked: a request with it answers 401 from now on */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No live token of the caller has this id: "Token not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListWorkspacesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CreateWorkspaceController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWorkspaceDto"];
            };
        };
        responses: {
            /** @description the workspace; its creator is its first member, an admin with can_approve, as `membership` says */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["CreatedWorkspace"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RenameWorkspaceController_rename: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the workspace */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RenameWorkspaceDto"];
            };
        };
        responses: {
            /** @description the workspace with its new name */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Workspace"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No workspace has this uuid, or it was deleted: "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteWorkspaceController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the workspace */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted: its accounts are disconnected, and it answers 404 to everyone and is no longer listed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description A post of the workspace is scheduled, awaiting approval or publishing: "The workspace has 2 posts scheduled, awaiting approval or publishing. Unschedule or delete them first (wait for a post being published to finish), then delete the workspace." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No workspace has this uuid, or it was deleted: "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceMembersController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the workspace */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceMemberList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No workspace has this uuid: "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AddMemberController_add: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the workspace */
                uuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddMemberDto"];
            };
        };
        responses: {
            /** @description the membership, new or with its role changed */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Member"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No workspace has this uuid: "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also a user_id that names no user. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceMembersController_change: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the workspace */
                uuid: string;
                /** @description a member of the workspace */
                userId: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ChangeMemberDto"];
            };
        };
        responses: {
            /** @description the member with the new rights */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WorkspaceMember"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No workspace has this uuid ("Workspace not found."), or the user is not a member of it ("The user is not a member of this workspace.") */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceMembersController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the workspace */
                uuid: string;
                /** @description a member of the workspace */
                userId: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description removed: the user no longer finds the workspace (404) from the next request on */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No workspace has this uuid ("Workspace not found."), or the user is not a member of it ("The user is not a member of this workspace.") */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListUsersController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["UserList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CreateUserController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUserDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["User"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also an email already taken. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PipelineController_now: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Pipeline"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteUserController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the user */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted: their tokens are revoked and they left every workspace */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The caller's own account: "You cannot delete your own account." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No user has this id: "User not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListTokensController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the user whose tokens */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenSummaryList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No user has this id: "User not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CreateTokenController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per token and path (the answer holds a secret: another token of the same user never gets it replayed), kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the user the token is for */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Token"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No user has this id: "User not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also an expires_at that is not a date after now or later than the caller's own token's expiry, and a user who holds 50 live tokens already ("tokens"). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RevokeTokenController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the token, as GET /api/panel/users/{id}/tokens lists it */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked: a request with it answers 401 from now on */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No live token has this id (unknown or already revoked): "Token not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelWebhooksController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelWebhooksController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per token and path (the answer holds a secret: another token of the same user never gets it replayed), kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookBody"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also a URL that resolves to a private address, unknown events, or a malformed secret. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelWebhooksController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No webhook in this scope has this id: "Webhook not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelWebhooksController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookBody"];
            };
        };
        responses: {
            /** @description the settings; fields absent from the body are kept */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No webhook in this scope has this id: "Webhook not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also a URL that resolves to a private address, unknown events, or a malformed secret. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelWebhooksController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted; its deliveries stop */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No webhook in this scope has this id: "Webhook not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelDeliveriesController_list: {
        parameters: {
            query?: {
                /** @description how many deliveries; the dispatcher caps it at 200 */
                limit?: number;
                status?: components["schemas"]["DeliveryStatus"];
                event?: components["schemas"]["WebhookEvent"];
                /** @description created at or after this instant (ISO 8601) */
                since?: string;
                /** @description created at or before this instant (ISO 8601) */
                until?: string;
                /** @description deliveries about this post */
                post_uuid?: string;
            };
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first, those that pass every filter given */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No webhook in this scope has this id: "Webhook not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For limit, status, event, since, until and post_uuid. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelDeliveriesController_resend: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the webhook */
                id: number;
                /** @description a delivery of the webhook */
                deliveryId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a new run of attempts is due now (a pending delivery is left as it is) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The webhook has no such delivery: "Delivery not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelWebhookActionsController_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateSecretDto"];
            };
        };
        responses: {
            /** @description the webhook with its new secret; previous_secret_expires_at tells until when the old one signs too */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No webhook in this scope has this id: "Webhook not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For grace_seconds. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelWebhookActionsController_test: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestWebhookDto"];
            };
        };
        responses: {
            /** @description a sample envelope of the event, signed, sent with `X-Service-Test: true`; answered once the endpoint answered or timed out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestAttempt"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No webhook in this scope has this id: "Webhook not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For event. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PanelWebhookActionsController_recover: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the webhook */
                id: number;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverDeliveriesDto"];
            };
        };
        responses: {
            /** @description every failed delivery of the window is due again; with dry_run, only counted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveredCount"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No webhook in this scope has this id: "Webhook not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For since and until. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListDeadLettersController_list: {
        parameters: {
            query?: {
                /** @description pending: not replayed yet */
                status?: "pending" | "replayed" | "all";
                /** @description the topic the messages were given up on */
                topic?: "post-events" | "post-commands" | "account-events";
                /** @description only dead letters with a smaller id (the next page: the last id of this one) */
                before?: number;
                limit?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeadLetterDocList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For status, topic, before or limit. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ReplayDeadLettersController_pending: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReplayDeadLettersDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReplayOutcomeDoc"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ReplayDeadLettersController_one: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the dead letter */
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the dead letter, now replayed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeadLetterDoc"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is not an admin: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No dead letter has this id: "No dead letter has this id." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description It cannot be replayed ("This dead letter cannot be replayed: <the reason>."), or it was already replayed ("This dead letter was already replayed."). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    OwnMembershipController_own: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnMembershipDoc"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListAccountsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AccountList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ConnectAccountController_connect: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConnectAccountDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also an unknown provider, settings it refuses, or credentials the provider rejects ("credentials": ["The provider rejected these credentials."]). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. Also a provider that cannot check the credentials now (rate limit, outage). */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    StartOAuthController_start: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                provider: "linkedin" | "x" | "facebook" | "instagram" | "threads" | "youtube" | "tiktok" | "pinterest" | "reddit";
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["StartOAuthDto"];
            };
        };
        responses: {
            /** @description with a `Set-Cookie` binding the authorization to this browser: the callback must come with it */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorizeUrlDoc"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also a provider that does not connect through OAuth, or one this service has no app for ("provider"). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ReconnectAccountController_reconnect: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description an account of the workspace */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ReconnectAccountDto"];
            };
        };
        responses: {
            /** @description the account, authorized again */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Account"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No account of the workspace has this id: "Account not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also credentials the provider rejects ("credentials": ["The provider rejected these credentials."]). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteAccountController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description an account of the workspace */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description disconnected; the publisher no longer holds its credentials */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No account of the workspace has this id: "Account not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListPostsController_list: {
        parameters: {
            query?: {
                /** @description only posts in this status */
                status?: components["schemas"]["PostStatus"];
                page?: number;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostPage"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For status, page or limit. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CreatePostController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostBody"];
            };
        };
        responses: {
            /** @description the post: draft, scheduled, or needs_approval when a member without can_approve schedules it */
            201: {
                headers: {
                    /** @description the post's revision, quoted (`"3"`): send it back in `If-Match` to change the post only if nobody changed it since */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. A field the API does not know (at the top, in a version or in a content item) is refused under its path: "The scheduleNow field is not recognized. Did you mean schedule_now?" (the known field is named when it is one edit, or a change of case or separators, away). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    CountPostsController_counts: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostCounts"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetPostController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    /** @description the post's revision, quoted (`"3"`): send it back in `If-Match` to change the post only if nobody changed it since */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    UpdatePostController_update: {
        parameters: {
            query?: never;
            header?: {
                /** @description The post's `ETag` as it was read (`"3"`; `W/"3"` too), a list of them, or `*`: the change is made only if the post is still at that revision, else 412. The dashboard sends it. */
                "If-Match"?: string;
            };
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostBody"];
            };
        };
        responses: {
            200: {
                headers: {
                    /** @description the post's revision, quoted (`"3"`): send it back in `If-Match` to change the post only if nobody changed it since */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /**
             * @description The post is published ("A published post cannot be edited or deleted. Create a new post instead.") or being published.
             *
             *     The body is not JSON: "The request body is not valid JSON."
             *
             *     The If-Match header is malformed: "The If-Match header must be "*" or a list of entity tags, such as "3"."
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The post was changed since the revision in If-Match: "The post was changed since you read it. Reload it and try again." */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. A field the API does not know (at the top, in a version or in a content item) is refused under its path: "The scheduleNow field is not recognized. Did you mean schedule_now?" (the known field is named when it is one edit, or a change of case or separators, away). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeletePostController_delete: {
        parameters: {
            query?: never;
            header?: {
                /** @description The post's `ETag` as it was read (`"3"`; `W/"3"` too), a list of them, or `*`: the change is made only if the post is still at that revision, else 412. The dashboard sends it. */
                "If-Match"?: string;
            };
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description The post is published ("A published post cannot be edited or deleted. Create a new post instead.") or being published.
             *
             *     The If-Match header is malformed: "The If-Match header must be "*" or a list of entity tags, such as "3"."
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The post was changed since the revision in If-Match: "The post was changed since you read it. Reload it and try again." */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PostHistoryController_history: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostHistory"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ApprovePostController_approve: {
        parameters: {
            query?: never;
            header?: {
                /** @description The post's `ETag` as it was read (`"3"`; `W/"3"` too), a list of them, or `*`: the change is made only if the post is still at that revision, else 412. The dashboard sends it. */
                "If-Match"?: string;
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the post, scheduled */
            200: {
                headers: {
                    /** @description the post's revision, quoted (`"3"`): send it back in `If-Match` to change the post only if nobody changed it since */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /**
             * @description The post is not in needs_approval: "The post is not awaiting approval."
             *
             *     The If-Match header is malformed: "The If-Match header must be "*" or a list of entity tags, such as "3"."
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller may not approve posts in this workspace (no can_approve): "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The post was changed since the revision in If-Match: "The post was changed since you read it. Reload it and try again." */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    RetryPostController_retry: {
        parameters: {
            query?: never;
            header?: {
                /** @description The post's `ETag` as it was read (`"3"`; `W/"3"` too), a list of them, or `*`: the change is made only if the post is still at that revision, else 412. The dashboard sends it. */
                "If-Match"?: string;
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the post, scheduled for now (needs_approval when the caller may not approve) */
            200: {
                headers: {
                    /** @description the post's revision, quoted (`"3"`): send it back in `If-Match` to change the post only if nobody changed it since */
                    ETag?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Post"];
                };
            };
            /**
             * @description The post is not failed: "Only a failed post can be retried."
             *
             *     The If-Match header is malformed: "The If-Match header must be "*" or a list of entity tags, such as "3"."
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The post was changed since the revision in If-Match: "The post was changed since you read it. Reload it and try again." */
            412: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ValidatePostController_validate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostBody"];
            };
        };
        responses: {
            /** @description creating this post now would succeed */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostValidation"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The answer creating the post would give: Invalid fields, all reported at once: "Validation errors." with `errors`. A field the API does not know (at the top, in a version or in a content item) is refused under its path: "The scheduleNow field is not recognized. Did you mean schedule_now?" (the known field is named when it is one edit, or a change of case or separators, away). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ImportPostsController_import: {
        parameters: {
            query?: {
                /** @description true: check every row and create nothing (200 with each row's errors) */
                dry_run?: "true" | "false";
            };
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        /** @description At most 500 rows, as CSV (Content-Type: text/csv; a header row naming the columns, then a record a row; RFC 4180 quoting, so a text may hold commas, quotes and line breaks; a byte order mark is allowed) or as a JSON array of rows. The body may be up to 4 MB. */
        requestBody: {
            content: {
                /**
                 * @example text,accounts,scheduled_at,queue,tags
                 *     "Spring sale, day one",1,2030-12-01T09:30:00+01:00,,sale
                 *     Our new guide is out,1|2,,true,
                 */
                "text/csv": string;
                "application/json": components["schemas"]["ImportRow"][];
            };
        };
        responses: {
            /** @description dry_run=true: each row's errors; nothing created */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportDryRun"];
                };
            };
            /** @description every row was valid: the posts, created in row order (queued rows in consecutive free slots) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ImportedPosts"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 4 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. A row's errors come under rows.N.<column> (N from 0) with the messages of POST posts; nothing is created. Under rows: "An import takes at most 500 rows; this one has 501. Split it into several imports.", "The import has no rows.", "The import must be a JSON array of rows, or CSV with a header row sent as Content-Type: text/csv.", or why the CSV could not be read. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. Sent again with the same Idempotency-Key, the import creates only the posts it had not created; without one, the posts it had created are deleted. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListNotesController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewNoteList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AddNoteController_add: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddNoteDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewNote"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ManagePreviewLinksController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description oldest first */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewLinkList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ManagePreviewLinksController_make: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MakePreviewLinkDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MadePreviewLink"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description `can_approve: true` from a member without can_approve: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ManagePreviewLinksController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description revoked */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No such link on the post, or it was revoked already: "Preview link not found."
             *
             *     No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PreviewController_show: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the token of the link, the last segment of its url */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostPreview"];
                };
            };
            /** @description Unknown, expired or revoked link: "Preview link not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The client address used up its requests of the minute without a token: "Too Many Attempts." */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PreviewController_rendering: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the token of the link, the last segment of its url */
                token: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PreviewRendering"];
                };
            };
            /** @description Unknown, expired or revoked link: "Preview link not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The client address used up its requests of the minute without a token: "Too Many Attempts." */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PreviewController_addNote: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the token of the link, the last segment of its url */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OutsideNoteDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ReviewNote"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown, expired or revoked link: "Preview link not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The client address used up its requests of the minute without a token: "Too Many Attempts." */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PreviewController_approve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the token of the link, the last segment of its url */
                token: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["OutsideApprovalDto"];
            };
        };
        responses: {
            /** @description the preview, the post scheduled */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostPreview"];
                };
            };
            /**
             * @description The post is not in needs_approval: "The post is not awaiting approval."
             *
             *     The body is not JSON: "The request body is not valid JSON."
             */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The link does not allow approving, or the member who made it may no longer approve: "This action is unauthorized." */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Unknown, expired or revoked link: "Preview link not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The client address used up its requests of the minute without a token: "Too Many Attempts." */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FeedsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FeedList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FeedsController_follow: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FollowFeedDto"];
            };
        };
        responses: {
            /** @description the feed after its first read (`last_error` says why it could not be read) */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Feed"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FeedsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Feed"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No such feed in the workspace: "Feed not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FeedsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description no longer followed */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No such feed in the workspace: "Feed not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    FeedsController_poll: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the feed after the read */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Feed"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No such feed in the workspace: "Feed not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PostMetricsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostMetricsList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    PostMetricsController_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a post of the workspace */
                postUuid: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the figures are being read; GET .../metrics shows them, and post.metrics_updated tells */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description The post is not published on an account whose platform reports figures: "The post is not published on any account whose platform reports figures." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No post of the workspace has this uuid, or it was deleted: "Post not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description Figures of this post were asked for less than 60 s ago; Retry-After says when to ask again
             *
             *     The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back.
             */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    AnalyticsController_totals: {
        parameters: {
            query?: {
                /** @description first day (UTC), default 29 days before `to` */
                from?: string;
                /** @description last day (UTC), included; default today */
                to?: string;
                /** @description only this account */
                account_id?: number;
                /** @description `csv`: the same rows as CSV, with a header row */
                format?: "json" | "csv";
            };
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Analytics"];
                    "text/csv": components["schemas"]["Analytics"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/csv": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/csv": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/csv": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For from, to (YYYY-MM-DD, from not after to, at most 366 days), account_id or format. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                    "text/csv": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/csv": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                    "text/csv": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceWebhooksController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceWebhooksController_create: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per token and path (the answer holds a secret: another token of the same user never gets it replayed), kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookBody"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller is not an admin of the workspace: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also a URL that resolves to a private address, unknown events, or a malformed secret. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceWebhooksController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceWebhooksController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["WebhookBody"];
            };
        };
        responses: {
            /** @description the settings; fields absent from the body are kept */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller is not an admin of the workspace: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. Also a URL that resolves to a private address, unknown events, or a malformed secret. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceWebhooksController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted; its deliveries stop */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller is not an admin of the workspace: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceDeliveriesController_list: {
        parameters: {
            query?: {
                /** @description how many deliveries; the dispatcher caps it at 200 */
                limit?: number;
                status?: components["schemas"]["DeliveryStatus"];
                event?: components["schemas"]["WebhookEvent"];
                /** @description created at or after this instant (ISO 8601) */
                since?: string;
                /** @description created at or before this instant (ISO 8601) */
                until?: string;
                /** @description deliveries about this post */
                post_uuid?: string;
            };
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description newest first, those that pass every filter given */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDeliveryList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For limit, status, event, since, until and post_uuid. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceDeliveriesController_resend: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the webhook */
                id: number;
                /** @description a delivery of the webhook */
                deliveryId: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description a new run of attempts is due now (a pending delivery is left as it is) */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookDelivery"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller is not an admin of the workspace: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The webhook has no such delivery: "Delivery not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceWebhookActionsController_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description the webhook */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RotateSecretDto"];
            };
        };
        responses: {
            /** @description the webhook with its new secret; previous_secret_expires_at tells until when the old one signs too */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Webhook"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller is not an admin of the workspace: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For grace_seconds. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceWebhookActionsController_test: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the webhook */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TestWebhookDto"];
            };
        };
        responses: {
            /** @description a sample envelope of the event, signed, sent with `X-Service-Test: true`; answered once the endpoint answered or timed out */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookTestAttempt"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller is not an admin of the workspace: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For event. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    WorkspaceWebhookActionsController_recover: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description the webhook */
                id: number;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RecoverDeliveriesDto"];
            };
        };
        responses: {
            /** @description every failed delivery of the window is due again; with dry_run, only counted */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveredCount"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller is not an admin of the workspace: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No webhook in this scope has this id: "Webhook not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. For since and until. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A service behind the gateway did not answer in time ("The service did not answer in time.") or is not available ("The service is not available."); the request can be repeated. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    ListMediaController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the workspace’s media, newest first, each with the posts that use it (`used_by`) and whether it may be deleted now (`deletable`) */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaList"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    UploadMediaController_upload: {
        parameters: {
            query?: never;
            header?: {
                /** @description At most 255 characters, per user and path, kept 24 hours: the same key and body get the first answer again (`Idempotent-Replayed: true`); another body 422; a key still in use 409. */
                "Idempotency-Key"?: string;
            };
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "multipart/form-data": components["schemas"]["MediaUpload"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Media"];
                };
            };
            /** @description The multipart body is malformed: "The multipart body could not be read." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The file is over MEDIA_MAX_BYTES (default 50 MB): "The file must not be greater than <MEDIA_MAX_BYTES> bytes." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description No `file` part ("The file field is required."), or its bytes are none of PNG, JPEG, GIF, WebP, MP4 ("The file field must be a file of type: png, jpeg, gif, webp, mp4."), under `file`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /**
             * @description MEDIA_UPLOADS_MAX_CONCURRENT uploads (default 4) are already being received by this process, or half of them from the caller: "Too many uploads at once; try again shortly.", with Retry-After
             *
             *     The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back.
             */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetMediaFileController_file: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a media file of the workspace */
                id: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the file as uploaded, with its detected Content-Type */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/png": Blob;
                    "image/jpeg": Blob;
                    "image/gif": Blob;
                    "image/webp": Blob;
                    "video/mp4": Blob;
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No media of the workspace has this id: "Media not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    DeleteMediaController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a media file of the workspace */
                id: string;
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description deleted: gone from the listing, its url answers 404 */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description No media of the workspace has this id: "Media not found."
             *
             *     The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found."
             */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description A post that is scheduled, waiting for approval or being published names it: "The media is used by a scheduled post." (it may be deleted once that post is published, failed, deleted or edited without it) */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    GetQueueController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description the queue; `{"timezone":"UTC","slots":[]}` for a workspace that never set one */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostingQueue"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid) */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    SetQueueController_set: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description a workspace the caller is a member of */
                workspaceUuid: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PostingQueue"];
            };
        };
        responses: {
            /** @description the queue as kept */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PostingQueue"];
                };
            };
            /** @description The body is not JSON: "The request body is not valid JSON." */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Missing, unknown, revoked or expired token: "Unauthenticated." */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /**
             * @description The caller is not an admin of the workspace: "This action is unauthorized."
             *
             *     The caller is a viewer of the workspace, and viewers only read: "This action is unauthorized." The caller is a panel admin but not a member of the workspace: "You are not a member of this workspace. Add yourself with POST /api/panel/workspaces/{uuid}/members." (with the workspace's uuid)
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The workspace does not exist, or the caller is not a member of it (nor a panel admin): "Workspace not found." */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description The body is over 1 MB: "The request body is too large." */
            413: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
            /** @description Invalid fields, all reported at once: "Validation errors." with `errors`. */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ValidationError"];
                };
            };
            /** @description The token used up its requests of the minute: "Too Many Attempts."; Retry-After says when to come back. */
            429: {
                headers: {
                    /** @description seconds to wait, at least 1 */
                    "Retry-After"?: number;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["Error"];
                };
            };
        };
    };
    HealthController_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Health Check is successful */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example ok */
                        status?: string;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /** @example {} */
                        error?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The Health Check is not successful */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example error */
                        status?: string;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect"
                         *       }
                         *     }
                         */
                        error?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       },
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect"
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The Health Check is successful */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example ok */
                        status?: string;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /** @example {} */
                        error?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
            /** @description The Health Check is not successful */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @example error */
                        status?: string;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       }
                         *     }
                         */
                        info?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect"
                         *       }
                         *     }
                         */
                        error?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        } | null;
                        /**
                         * @example {
                         *       "database": {
                         *         "status": "up"
                         *       },
                         *       "redis": {
                         *         "status": "down",
                         *         "message": "Could not connect"
                         *       }
                         *     }
                         */
                        details?: {
                            [key: string]: {
                                status: string;
                            } & {
                                [key: string]: unknown;
                            };
                        };
                    };
                };
            };
        };
    };
}
