import type { Actor as RequestActor, PostContentInput, ScheduleIntent } from '@app/domain';
import type { PostView } from './post-view';
import type { WholeNumber } from './whole-number';

/** Request/reply methods between the gateway and the services that own the data. */
export const RpcMethods = {
  createPost: 'posts.create',
  updatePost: 'posts.update',
  deletePost: 'posts.delete',
  approvePost: 'posts.approve',
  retryPost: 'posts.retry',
  validatePost: 'posts.validate',
  connectAccount: 'publisher.accounts.connect',
  disconnectAccount: 'publisher.accounts.disconnect',
  refreshMetrics: 'publisher.metrics.refresh',
  listWebhooks: 'webhooks.list',
  getWebhook: 'webhooks.get',
  createWebhook: 'webhooks.create',
  updateWebhook: 'webhooks.update',
  deleteWebhook: 'webhooks.delete',
  listDeliveries: 'webhooks.deliveries.list',
  resendDelivery: 'webhooks.deliveries.resend',
  rotateWebhookSecret: 'webhooks.rotate-secret',
  testWebhook: 'webhooks.test',
  recoverDeliveries: 'webhooks.deliveries.recover',
  deliveryBacklog: 'webhooks.deliveries.backlog',
} as const;

/** The service that answers each method: in distributed mode, the one asked on its HTTP port (its URL setting). */
export const rpcServiceOf = (method: string): 'post-service' | 'publisher' | 'webhook-dispatcher' =>
  method.startsWith('posts.') ? 'post-service' : method.startsWith('publisher.') ? 'publisher' : 'webhook-dispatcher';

/**
 * The post's value types are the domain's own, named here as the requests carry them: who asks
 * for a post command (as the gateway authenticated them), an account a post targets, what a
 * platform takes of a post body published to one account, its videos, a workspace's posting queue.
 */
export type {
  Actor as RequestActor,
  AccountSnapshot as PostAccountRef,
  AccountBodyRules as PlatformBodyRules,
  VideoRule as PlatformVideoRule,
  PostingQueue as QueueView,
} from '@app/domain';

export { CONTENT_ITEMS_RULES, MEDIA_RULES, TEXT_COUNTINGS, WEEKDAYS as QUEUE_DAYS } from '@app/domain';

/**
 * How the author asked the post to be scheduled: the domain's ScheduleIntent, less the slot the
 * post-service picks for a queued post (it carries the workspace's queue).
 * @discriminator kind
 */
export type ScheduleRequest = { [Kind in ScheduleIntent['kind']]: Kind extends 'queue' ? Omit<Extract<ScheduleIntent, { kind: Kind }>, 'slotAt'> : Extract<ScheduleIntent, { kind: Kind }> }[ScheduleIntent['kind']];

/** A post body as the gateway read it: the domain's PostContentInput, with the schedule as it was asked for. */
export type PostInput = { [K in keyof PostContentInput]: K extends 'intent' ? ScheduleRequest : PostContentInput[K] };

export interface CreatePostRequest {
  workspaceUuid: string;
  postUuid: string;
  actor: RequestActor;
  input: PostInput;
  /**
   * A post of this uuid that exists already in the workspace (not deleted) is the answer, not a
   * refusal: an import sent again after a failure midway, whose posts' uuids are derived from its
   * Idempotency-Key, finds the ones it created and creates the rest.
   */
  replayIfExists?: boolean;
}
export interface UpdatePostRequest extends ReadAtRevision {
  workspaceUuid: string;
  postUuid: string;
  actor: RequestActor;
  input: PostInput;
}

/** A create and an update carry the same: the post, who asks, and the body the gateway read (an update, the revisions it was read at too). */
export interface PostContentRequest extends UpdatePostRequest, Pick<CreatePostRequest, 'replayIfExists'> {}
/**
 * What createPost, updatePost, approvePost, retryPost and deletePost reply: the post after the command,
 * built from the aggregate (null once deleted), and the post's revision then, which the gateway's
 * read model reaches once it has projected the command's events.
 */
export interface PostCommandReply {
  post: PostView | null;
  revision: number;
}

/** What validatePost replies when the create request would be accepted (a refusal is the error creating would give). */
export interface PostValidationReply {
  valid: true;
}

export interface PostRef {
  /** @minLength 1 */
  workspaceUuid: string;
  /** @minLength 1 */
  postUuid: string;
}
export interface PostActionRequest extends PostRef, ReadAtRevision {
  actor: RequestActor;
}

/**
 * The revisions the caller read the post at (the `If-Match` of an update, a delete or an
 * approval): the post-service refuses the command (`precondition_failed`) unless the post is still
 * at one of them when the command is appended. Absent: at any revision.
 */
export interface ReadAtRevision {
  expectedRevisions?: WholeNumber[];
}

export interface ConnectAccountRequest {
  accountId: number;
  workspaceUuid: string;
  provider: string;
  settings: Record<string, unknown>;
  credentials: Record<string, unknown>;
  /** Reconnecting an account the publisher holds: its settings are kept, the ones sent go over them. */
  keepSettings?: boolean;
  /**
   * When the gateway stops waiting for the reply (epoch milliseconds). The publisher checks the
   * credentials only until shortly before it and keeps nothing once it has passed, so that a
   * connect the gateway answered with an error leaves no account behind.
   */
  deadline?: number;
}
export interface ConnectAccountReply {
  authorized: boolean;
  /** The account's display name and handle as the provider reports them (the defaults of `name` and `username`). */
  name: string;
  username: string | null;
  /** The address of the account's picture as the provider reports it (http or https), or null when it tells none. Absent from an older publisher. */
  avatar_url?: string | null;
  /**
   * The account's settings as the publisher keeps them, with what the provider told at connect:
   * Mastodon's `max_characters` (the instance's text limit). Never credentials.
   */
  settings: Record<string, unknown>;
}

/** Forgets an account's settings and credentials at the publisher. */
export interface DisconnectAccountRequest {
  accountId: number;
  workspaceUuid: string;
}
export interface DisconnectAccountReply {
  /** False when the account was not connected (a repeated disconnect). */
  disconnected: boolean;
}

/** Whose webhooks: a workspace's, or the system's (panel, every workspace's events). */
export type WebhookScope = { workspaceUuid: string } | { system: true };

export interface WebhookScopedRequest {
  scope: WebhookScope;
  /** listWebhooks and getWebhook: whether the reply carries the signing secret (only admins see it; absent: it does not). */
  showSecret?: boolean;
  /**
   * listWebhooks and getWebhook: whether the reply carries the whole URL (absent: only its origin,
   * `https://hooks.example.com`, what a workspace's viewers see: a path or a query may hold credentials).
   */
  showUrl?: boolean;
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
/** Replies DeliveryView[], newest first, at most `limit` (default 50, at most 200), those that pass every filter given. */
export interface ListDeliveriesRequest extends WebhookRequest {
  limit?: number;
  status?: DeliveryView['status'];
  event?: string;
  /** Created at or after / at or before these instants (ISO 8601). */
  since?: string;
  until?: string;
  postUuid?: string;
}
/** A new secret; the old one keeps signing beside it for `graceSeconds`. Replies the WebhookView. */
export interface RotateWebhookSecretRequest extends WebhookRequest {
  graceSeconds: number;
}
/** Sends a sample envelope of `event` now, marked as a test; replies the TestAttemptView. */
export interface TestWebhookRequest extends WebhookRequest {
  event: string;
}
/** The failed deliveries created in [since, until] are due again (or only counted, `dryRun`); replies `{count}`. */
export interface RecoverDeliveriesRequest extends WebhookRequest {
  since: string;
  until: string | null;
  dryRun: boolean;
}
/** deliveryBacklog takes nothing and replies this: the deliveries of active webhooks still to make. */
export interface DeliveryBacklog {
  pending: number;
  /** Of those, the ones that failed at least once in this run and wait for their next attempt. */
  retrying: number;
  /** The earliest next attempt among them (ISO 8601); null when none waits. */
  oldestDueAt: string | null;
  oldestCreatedAt: string | null;
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
  /** Only its origin for callers who may not see it whole (a workspace's viewers). */
  url: string;
  events: string[];
  /** null for callers who may not see it (anyone but a workspace admin or a panel admin). */
  secret: string | null;
  active: boolean;
  /** Until then the secret before the last rotation signs too; null when it no longer does. */
  previous_secret_expires_at: string | null;
  /** When and why the service set the webhook inactive (410 Gone, or failing too long); null once it is active again. */
  disabled_at: string | null;
  disabled_reason: string | null;
  last_delivery_at: string | null;
  last_delivery_status: DeliveryView['status'] | null;
  /** Share of the attempts of the last 24 hours that succeeded (0 to 1); null without attempts. */
  success_rate_24h: number | null;
  created_at: string;
  updated_at: string;
}
/** Why an attempt failed: an answer outside 2xx, no answer in time, no connection, or an address refused (not public). */
export type AttemptErrorKind = 'http_status' | 'timeout' | 'connection' | 'address_refused';
export interface AttemptView {
  at: string;
  status_code: number | null;
  duration_ms: number;
  error: string | null;
  error_kind: AttemptErrorKind | null;
  /** The start of the answer body. */
  response: string | null;
  /** When the retry this failure led to is due; null when none followed. */
  next_retry_at: string | null;
}
export interface TestAttemptView extends Omit<AttemptView, 'next_retry_at'> {
  succeeded: boolean;
  /** The webhook-id header the test was sent with (tests are not kept in the delivery log). */
  id: string;
}
export interface DeliveryView {
  id: string;
  webhook_id: number;
  event: string;
  status: 'pending' | 'succeeded' | 'failed';
  attempts: AttemptView[];
  next_attempt_at: string | null;
  payload: unknown;
  created_at: string;
}
