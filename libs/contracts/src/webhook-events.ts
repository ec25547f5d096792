export * from './webhook-event-catalogue';
import type { PostMetricsEntry } from './post-metrics-view';
import type { WebhookEventName } from './webhook-event-catalogue';

/** A post as an envelope shows it: the specification's fields; each account also carries its `id` and `external_url`. */
export interface WebhookEnvelopePost {
  uuid: string;
  status: string;
  scheduled_at: string | null;
  published_at: string | null;
  /** Each account of the post: its id, provider and name, and where the post is on it (null until published there). */
  accounts: Array<{ id: number; provider: string; name: string; external_url: string | null }>;
}

/** The account of `account.*` events. */
export interface WebhookEnvelopeAccount {
  id: number;
  provider: string;
  name: string | null;
  username: string | null;
}

/** The account whose result `post.account_published` and `post.account_failed` tell. */
export interface WebhookEnvelopeAccountResult {
  id: number;
  provider: string;
  name: string;
  external_url: string | null;
  errors: string[];
}

/**
 * The envelope delivered to customers: `event`, `workspace_uuid` and `timestamp`, and the body the
 * catalogue gives the event (`post`, `account`, `metrics`, `reason`, `expires_at`), in that order.
 */
export interface WebhookEnvelope {
  event: WebhookEventName;
  workspace_uuid: string;
  post?: WebhookEnvelopePost;
  account?: WebhookEnvelopeAccount | WebhookEnvelopeAccountResult;
  /** `post.metrics_updated`: the latest figures of each account of the post, as `GET .../posts/{uuid}/metrics` answers them. */
  metrics?: PostMetricsEntry[];
  reason?: string;
  expires_at?: string;
  timestamp: string;
}

/** How long the secret before a rotation keeps signing beside the new one, by default and at most. */
export const SECRET_GRACE_SECONDS = { default: 86_400, max: 604_800 } as const;

/** The statuses of a delivery in the log. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
