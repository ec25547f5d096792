import { PostAccountView, PostEventName, PostView, WebhookEnvelope, WebhookEventName } from '@app/contracts';

/** The webhook event each post event fires, or null. Every post event is named: a new one does not compile until it is given its line. */
const webhookEvents: Record<PostEventName, WebhookEventName | null> = {
  'post.created': null,
  'post.updated': null,
  'post.scheduled': 'post.scheduled',
  'post.approval_requested': null,
  'post.approved': 'post.approved',
  'post.deleted': null,
  'post.publishing_started': null,
  'post.account_published': null,
  'post.account_failed': null,
  'post.published': 'post.published',
  'post.failed': 'post.failed',
};

export const webhookEventFor = (type: PostEventName): WebhookEventName | null => webhookEvents[type];

/** What an envelope shows of a post. */
export type EnvelopePost = Pick<PostView, 'uuid' | 'status' | 'scheduled_at' | 'published_at'> & {
  accounts: ReadonlyArray<Pick<PostAccountView, 'id' | 'provider' | 'name' | 'external_url'>>;
};

/**
 * The payload of the specification, fixed when the delivery is created. Each account carries, beside
 * the specification's `provider` and `name`, its `id` and `external_url` (where the post is on it).
 */
export function buildEnvelope(event: WebhookEventName, workspaceUuid: string, post: EnvelopePost, at: string): WebhookEnvelope {
  return {
    event,
    workspace_uuid: workspaceUuid,
    post: {
      uuid: post.uuid,
      status: post.status,
      scheduled_at: utc(post.scheduled_at),
      published_at: utc(post.published_at),
      accounts: post.accounts.map(({ id, provider, name, external_url }) => ({ id, provider, name, external_url })),
    },
    timestamp: utc(at)!,
  };
}

/** ISO 8601 in UTC with a `Z`, whatever offset the source used. */
function utc(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
