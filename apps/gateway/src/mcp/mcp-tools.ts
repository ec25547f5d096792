import { describeWebhookEvents } from '@app/contracts';

/** An MCP tool: one operation of the API, named as an assistant would ask for it. */
export interface ApiTool {
  name: string;
  title: string;
  description: string;
  method: 'get' | 'post' | 'put' | 'delete';
  /** The operation's path in the OpenAPI document. */
  path: string;
  /** The argument that is the whole JSON body, for an operation whose body is not an object (an import's rows). */
  bodyArgument?: string;
}

const IN_WORKSPACE = 'workspace_uuid names a workspace the caller is a member of (list_workspaces).';

/**
 * The tools of /mcp. Each is an operation of the OpenAPI document, its arguments the operation's
 * path parameters (snake_case: `workspace_uuid`, `post_uuid`), query parameters, `idempotency_key`
 * where the API takes an Idempotency-Key, and the fields of its JSON body beside them.
 */
export const API_TOOLS: readonly ApiTool[] = [
  {
    name: 'list_workspaces',
    title: 'List workspaces',
    description: "Who the caller is, and the workspaces they belong to with their role in each (admin, member or viewer) and whether they may approve posts.",
    method: 'get',
    path: '/api/me',
  },
  {
    name: 'list_accounts',
    title: 'List social accounts',
    description: `The social accounts connected to a workspace: their ids (for a post's accounts), provider, name and whether the platform still accepts them. ${IN_WORKSPACE}`,
    method: 'get',
    path: '/api/{workspaceUuid}/accounts',
  },
  {
    name: 'create_post',
    title: 'Create a post',
    description:
      'Creates a post: the API\'s body (versions, accounts, and schedule with scheduled_at, or schedule_now, or queue; none of these for a draft; recycle to publish it again every interval_days, times times). ' +
      `Answers the post; a member without approval rights who schedules gets needs_approval. ${IN_WORKSPACE}`,
    method: 'post',
    path: '/api/{workspaceUuid}/posts',
  },
  {
    name: 'validate_post',
    title: 'Check a post before creating it',
    description:
      "Checks create_post's body as creating it would (and scheduling it, when it asks to), each account's platform rules included, without creating anything: " +
      `answers {"valid": true}, or the error creating would give with its field errors. ${IN_WORKSPACE}`,
    method: 'post',
    path: '/api/{workspaceUuid}/posts/validate',
  },
  {
    name: 'import_posts',
    title: 'Import posts',
    description:
      'Creates many posts at once, all or none: rows is a list (at most 500) of {text, accounts (account ids, a list or "1|2"), scheduled_at (ISO 8601 with an offset) or queue: true, media (media ids), tags}; ' +
      'a row with neither scheduled_at nor queue is a draft, queued rows take the queue\'s next free slots in row order. ' +
      'With dry_run "true" nothing is created and each row\'s errors are answered ({valid, rows: [{row, errors}]}); otherwise any invalid row refuses the import with errors under rows.N.<column>. ' +
      `Send an idempotency_key to be able to send it again safely. ${IN_WORKSPACE}`,
    method: 'post',
    path: '/api/{workspaceUuid}/posts/import',
    bodyArgument: 'rows',
  },
  {
    name: 'get_post',
    title: 'Get a post',
    description: `One post: its status (draft, needs_approval, scheduled, publishing, published, failed), versions, accounts with where it was published or why it failed. ${IN_WORKSPACE}`,
    method: 'get',
    path: '/api/{workspaceUuid}/posts/{postUuid}',
  },
  {
    name: 'list_posts',
    title: 'List posts',
    description: `A page of a workspace's posts, newest first, optionally of one status. ${IN_WORKSPACE}`,
    method: 'get',
    path: '/api/{workspaceUuid}/posts',
  },
  {
    name: 'update_post',
    title: 'Update a post',
    description: `Replaces a post that is not published: the same body as create_post. ${IN_WORKSPACE}`,
    method: 'put',
    path: '/api/{workspaceUuid}/posts/{postUuid}',
  },
  {
    name: 'delete_post',
    title: 'Delete a post',
    description: `Deletes a post that is not published. ${IN_WORKSPACE}`,
    method: 'delete',
    path: '/api/{workspaceUuid}/posts/{postUuid}',
  },
  {
    name: 'approve_post',
    title: 'Approve a post',
    description: `Approves a post in needs_approval, which schedules it; for members who may approve. ${IN_WORKSPACE}`,
    method: 'post',
    path: '/api/{workspaceUuid}/posts/{postUuid}/approve',
  },
  {
    name: 'retry_post',
    title: 'Retry a failed post',
    description: `Publishes a failed post again, at once, to the accounts whose status is failed (those already published are left alone); a member without approval rights gets needs_approval. ${IN_WORKSPACE}`,
    method: 'post',
    path: '/api/{workspaceUuid}/posts/{postUuid}/retry',
  },
  {
    name: 'get_post_history',
    title: 'Get the history of a post',
    description: `What happened to a post, oldest first: created, scheduled, published on each account, failed... ${IN_WORKSPACE}`,
    method: 'get',
    path: '/api/{workspaceUuid}/posts/{postUuid}/history',
  },
  {
    name: 'get_post_metrics',
    title: 'Get the figures of a post',
    description: `How a published post did on each of its accounts: impressions, likes, replies, reposts, quotes, saves, clicks and views as its platform last reported them (null: not reported by that platform; supported: false for a platform that reports none), and when they were read. ${IN_WORKSPACE}`,
    method: 'get',
    path: '/api/{workspaceUuid}/posts/{postUuid}/metrics',
  },
  {
    name: 'get_queue',
    title: 'Get the posting queue',
    description: `The workspace's posting queue: weekly time slots in a time zone, which posts created with queue: true fill. ${IN_WORKSPACE}`,
    method: 'get',
    path: '/api/{workspaceUuid}/queue',
  },
  {
    name: 'set_queue',
    title: 'Set the posting queue',
    description: `Replaces the workspace's posting queue (timezone, slots of day and time); for the workspace's admins. ${IN_WORKSPACE}`,
    method: 'put',
    path: '/api/{workspaceUuid}/queue',
  },
  {
    name: 'list_media',
    title: 'List media',
    description: `The workspace's uploaded images and videos, whose ids a post's content items name under media. ${IN_WORKSPACE}`,
    method: 'get',
    path: '/api/{workspaceUuid}/media',
  },
  {
    name: 'list_webhooks',
    title: 'List webhooks',
    description: `The workspace's webhooks: URL, events, whether active, the last delivery and the 24-hour success rate. A webhook's events: ${describeWebhookEvents()} ${IN_WORKSPACE}`,
    method: 'get',
    path: '/api/{workspaceUuid}/webhooks',
  },
];
