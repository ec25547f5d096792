import { randomUUID } from 'node:crypto';
import { PostStatus, WebhookEnvelope, WebhookEventName } from '@app/contracts';
import { buildEnvelope } from '../queue-deliveries/webhook-envelope';

/** The workspace of a system webhook's test: none in particular. */
export const SAMPLE_WORKSPACE_UUID = '00000000-0000-0000-0000-000000000000';

const statusAfter: Record<WebhookEventName, PostStatus> = {
  'post.scheduled': 'scheduled',
  'post.published': 'published',
  'post.failed': 'failed',
  // Approval schedules the post.
  'post.approved': 'scheduled',
};

/** The envelope of a made-up post, as `event` about it would be sent: the same shape as every delivery. */
export function sampleEnvelope(event: WebhookEventName, workspaceUuid: string, now = new Date()): WebhookEnvelope {
  const status = statusAfter[event];
  const inAnHour = new Date(now.getTime() + 3_600_000).toISOString();
  return buildEnvelope(
    event,
    workspaceUuid,
    {
      uuid: randomUUID(),
      status,
      scheduled_at: status === 'scheduled' ? inAnHour : now.toISOString(),
      published_at: status === 'published' ? now.toISOString() : null,
      accounts: [{ id: 1, provider: 'sandbox', name: 'Sample account', external_url: status === 'published' ? 'https://sandbox.invalid/posts/sample' : null }],
    },
    now.toISOString(),
  );
}
