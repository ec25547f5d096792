import { randomUUID } from 'node:crypto';
import { PostStatus, WebhookEnvelope, WebhookEventName } from '@app/contracts';
import { accountEnvelope, accountResult, buildEnvelope, withMetrics } from '../queue-deliveries/webhook-envelope';

/** The workspace of a system webhook's test: none in particular. */
export const SAMPLE_WORKSPACE_UUID = '00000000-0000-0000-0000-000000000000';

/** The status of the sample post after each post event; null for the events about an account. */
const statusAfter: Record<WebhookEventName, PostStatus | null> = {
  'post.scheduled': 'scheduled',
  'post.published': 'published',
  'post.failed': 'failed',
  // Approval schedules the post.
  'post.approved': 'scheduled',
  'post.created': 'draft',
  'post.updated': 'draft',
  'post.deleted': 'draft',
  'post.approval_requested': 'needs_approval',
  'post.publishing': 'publishing',
  'post.account_published': 'publishing',
  'post.account_failed': 'publishing',
  'post.metrics_updated': 'published',
  'account.connected': null,
  'account.disconnected': null,
  'account.needs_reconnect': null,
  'account.token_expiring': null,
};

const SAMPLE_ACCOUNT = { id: 1, provider: 'sandbox', name: 'Sample account', username: 'sample' };

/** The envelope of a made-up post or account, as `event` about it would be sent: the same shape as every delivery. */
export function sampleEnvelope(event: WebhookEventName, workspaceUuid: string, now = new Date()): WebhookEnvelope {
  const status = statusAfter[event];
  const at = now.toISOString();
  const inAnHour = new Date(now.getTime() + 3_600_000).toISOString();
  if (status === null) {
    const details = event === 'account.needs_reconnect' ? { reason: 'The access token was revoked.' } : event === 'account.token_expiring' ? { expires_at: inAnHour } : {};
    return accountEnvelope(event, workspaceUuid, SAMPLE_ACCOUNT, at, details);
  }
  const publishedThere = status === 'published' || event === 'post.account_published';
  const account = {
    id: SAMPLE_ACCOUNT.id,
    provider: SAMPLE_ACCOUNT.provider,
    name: SAMPLE_ACCOUNT.name,
    external_url: publishedThere ? 'https://sandbox.invalid/posts/sample' : null,
    errors: event === 'post.account_failed' ? ['The sandbox account is set to fail.'] : [],
  };
  const post = {
    uuid: randomUUID(),
    status,
    scheduled_at: status === 'scheduled' ? inAnHour : at,
    published_at: status === 'published' ? at : null,
    accounts: [account],
  };
  const result = event === 'post.account_published' || event === 'post.account_failed' ? accountResult(account) : undefined;
  const envelope = buildEnvelope(event, workspaceUuid, post, at, result);
  if (event !== 'post.metrics_updated') return envelope;
  const metrics = { impressions: 0, likes: 1, replies: 0, reposts: 0, quotes: 0, saves: 0, clicks: 0, views: 0 };
  return withMetrics(envelope, [{ account_id: account.id, provider: account.provider, supported: true, collected_at: at, metrics }]);
}
