import type { Actor, PostContentInput } from '@app/domain';

/** Request/reply methods between the gateway and the services that own the data. */
export const RpcMethods = {
  createPost: 'posts.create',
  updatePost: 'posts.update',
  deletePost: 'posts.delete',
  approvePost: 'posts.approve',
  getPost: 'posts.get',
  listPosts: 'posts.list',
  connectAccount: 'publisher.accounts.connect',
  disconnectAccount: 'publisher.accounts.disconnect',
  listWebhooks: 'webhooks.list',
  getWebhook: 'webhooks.get',
  createWebhook: 'webhooks.create',
  updateWebhook: 'webhooks.update',
  deleteWebhook: 'webhooks.delete',
  listDeliveries: 'webhooks.deliveries.list',
  resendDelivery: 'webhooks.deliveries.resend',
} as const;

/** The service that answers each method: it names the request topic in distributed mode. */
export const rpcServiceOf = (method: string): 'post-service' | 'publisher' | 'webhook-dispatcher' =>
  method.startsWith('posts.') ? 'post-service' : method.startsWith('publisher.') ? 'publisher' : 'webhook-dispatcher';

export interface CreatePostRequest {
  workspaceUuid: string;
  postUuid: string;
  actor: Actor;
  input: PostContentInput;
}
export interface UpdatePostRequest {
  workspaceUuid: string;
  postUuid: string;
  actor: Actor;
  input: PostContentInput;
}
export interface PostRef {
  workspaceUuid: string;
  postUuid: string;
}
export interface PostActionRequest extends PostRef {
  actor: Actor;
}
export interface ListPostsRequest {
  workspaceUuid: string;
  status: string | null;
  page: number;
  limit: number;
}

export interface ConnectAccountRequest {
  accountId: number;
  workspaceUuid: string;
  provider: string;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
}
export interface ConnectAccountReply {
  authorized: boolean;
  /** The account's display name and handle as the provider reports them (the defaults of `name` and `username`). */
  name: string;
  username: string | null;
  /**
   * The account's settings as the publisher keeps them, with what the provider told at connect:
   * Mastodon's `max_characters` (the instance's text limit). Never credentials.
   */
  settings: Record<string, unknown>;
}

/** Whose webhooks: a workspace's, or the system's (panel, every workspace's events). */
export type WebhookScope = { workspaceUuid: string } | { system: true };

export interface WebhookScopedRequest {
  scope: WebhookScope;
}
/** listWebhooks takes a WebhookScopedRequest and replies WebhookView[]; getWebhook and deleteWebhook take this. */
export interface WebhookRequest extends WebhookScopedRequest {
  webhookId: number;
}
/** Replies the created WebhookView. */
export interface CreateWebhookRequest extends WebhookScopedRequest {
  input: WebhookInput;
}
/** Fields present in `input` replace the stored ones; absent fields are kept. Replies WebhookView. */
export interface UpdateWebhookRequest extends WebhookRequest {
  input: WebhookInput;
}
/** Replies DeliveryView[], newest first, at most `limit` (default 50, at most 200). */
export interface ListDeliveriesRequest extends WebhookRequest {
  limit?: number;
}
/** Replies the DeliveryView, pending again. */
export interface ResendDeliveryRequest extends WebhookRequest {
  deliveryId: string;
}

export interface WebhookInput {
  url?: unknown;
  events?: unknown;
  secret?: unknown;
  active?: unknown;
}
export interface WebhookView {
  id: number;
  url: string;
  events: string[];
  secret: string | null;
  active: boolean;
  created_at: string;
  updated_at: string;
}
export interface DeliveryView {
  id: string;
  webhook_id: number;
  event: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: Array<{ at: string; status_code: number | null; duration_ms: number; error: string | null; response: string | null }>;
  next_attempt_at: string | null;
  payload: unknown;
  created_at: string;
}
