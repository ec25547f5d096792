/** Webhook event names of the specification. */
export const WEBHOOK_EVENTS = ['post.scheduled', 'post.published', 'post.failed', 'post.approved'] as const;
export type WebhookEventName = (typeof WEBHOOK_EVENTS)[number];

/** The envelope delivered to customers, as the specification lists it; an account also carries its `id` and `external_url`. */
export interface WebhookEnvelope {
  event: WebhookEventName;
  workspace_uuid: string;
  post: {
    uuid: string;
    status: string;
    scheduled_at: string | null;
    published_at: string | null;
    /** Each account of the post: its id, provider and name, and where the post is on it (null until published there). */
    accounts: Array<{ id: number; provider: string; name: string; external_url: string | null }>;
  };
  timestamp: string;
}

/** How long the secret before a rotation keeps signing beside the new one, by default and at most. */
export const SECRET_GRACE_SECONDS = { default: 86_400, max: 604_800 } as const;

/** The statuses of a delivery in the log. */
export const DELIVERY_STATUSES = ['pending', 'succeeded', 'failed'] as const;
