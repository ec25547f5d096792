import { PostAccountView, PostMetricsEntry, PostEventMessage, PostEventName, PostView, WebhookEnvelope, WebhookEnvelopeAccount, WebhookEnvelopeAccountResult, WebhookEventName } from '@app/contracts';

/** The webhook event each post event fires, or null. Every post event is named: a new one does not compile until it is given its line. */
const webhookEvents: Record<PostEventName, WebhookEventName | null> = {
  'post.created': 'post.created',
  'post.updated': 'post.updated',
  'post.scheduled': 'post.scheduled',
  'post.approval_requested': 'post.approval_requested',
  'post.approved': 'post.approved',
  'post.deleted': 'post.deleted',
  'post.publishing_started': 'post.publishing',
  'post.account_published': 'post.account_published',
  'post.account_failed': 'post.account_failed',
  'post.published': 'post.published',
  'post.failed': 'post.failed',
  'post.metrics_updated': 'post.metrics_updated',
};

export const webhookEventFor = (type: PostEventName): WebhookEventName | null => webhookEvents[type];

/** What an envelope shows of a post. */
export type EnvelopePost = Pick<PostView, 'uuid' | 'status' | 'scheduled_at' | 'published_at'> & {
  accounts: ReadonlyArray<Pick<PostAccountView, 'id' | 'provider' | 'name' | 'external_url'> & Partial<Pick<PostAccountView, 'errors'>>>;
};

/** What an envelope carries beside `event`, `workspace_uuid` and `timestamp`. */
type EnvelopeBody = Pick<WebhookEnvelope, 'post' | 'account' | 'metrics' | 'reason' | 'expires_at'>;

/** An envelope in the catalogue's order of fields, timestamps in UTC with a `Z`: fixed when the delivery is created. */
function envelopeOf(event: WebhookEventName, workspaceUuid: string, body: EnvelopeBody, at: string): WebhookEnvelope {
  return { event, workspace_uuid: workspaceUuid, ...body, timestamp: utc(at)! };
}

/**
 * The payload of the specification. Each account carries, beside the specification's `provider`
 * and `name`, its `id` and `external_url` (where the post is on it).
 */
export function buildEnvelope(event: WebhookEventName, workspaceUuid: string, post: EnvelopePost, at: string, account?: WebhookEnvelopeAccountResult): WebhookEnvelope {
  const shown = {
    uuid: post.uuid,
    status: post.status,
    scheduled_at: utc(post.scheduled_at),
    published_at: utc(post.published_at),
    accounts: post.accounts.map(({ id, provider, name, external_url }) => ({ id, provider, name, external_url })),
  };
  return envelopeOf(event, workspaceUuid, { post: shown, ...(account && { account }) }, at);
}

/** The envelope a post event fires, or null when it fires none; one account's result carries that account. */
export function postEventEnvelope(message: PostEventMessage): WebhookEnvelope | null {
  const event = webhookEventFor(message.type);
  if (event === null) return null;
  const resultOf = 'accountId' in message ? message.post.accounts.find((account) => account.id === message.accountId) : undefined;
  const envelope = buildEnvelope(event, message.workspaceUuid, message.post, message.occurredAt, resultOf && accountResult(resultOf));
  return message.type === 'post.metrics_updated' ? withMetrics(envelope, message.metrics) : envelope;
}

/** The envelope of `post.metrics_updated`: the post's figures after `account`, before `timestamp`. */
export function withMetrics(envelope: WebhookEnvelope, metrics: readonly PostMetricsEntry[]): WebhookEnvelope {
  const { timestamp, ...fields } = envelope;
  return { ...fields, metrics: [...metrics], timestamp };
}

/** `account` of `post.account_published` and `post.account_failed`. */
export const accountResult = ({ id, provider, name, external_url, errors }: EnvelopePost['accounts'][number]): WebhookEnvelopeAccountResult => ({
  id,
  provider,
  name,
  external_url,
  errors: [...(errors ?? [])],
});

/** The envelope of an `account.*` event, with the `reason` or `expires_at` it carries. */
export function accountEnvelope(
  event: WebhookEventName,
  workspaceUuid: string,
  account: WebhookEnvelopeAccount,
  at: string,
  details: Pick<WebhookEnvelope, 'reason' | 'expires_at'> = {},
): WebhookEnvelope {
  const { id, provider, name, username } = account;
  return envelopeOf(event, workspaceUuid, { account: { id, provider, name, username }, ...details, ...(details.expires_at && { expires_at: utc(details.expires_at)! }) }, at);
}

/** ISO 8601 in UTC with a `Z`, whatever offset the source used. */
function utc(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
