import { randomUUID } from 'node:crypto';
import { WebhookEnvelope, WebhookEventName } from '@app/contracts';
import { buildEnvelope } from '../project-post-events/webhook-envelope';

/** The workspace of a system webhook's test: none in particular. */
export const SAMPLE_WORKSPACE_UUID = '00000000-0000-0000-0000-000000000000';

const statusAfter: Record<WebhookEventName, string> = {
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
    {
      postUuid: randomUUID(),
      workspaceUuid,
      revision: 0,
      status,
      scheduledAt: status === 'scheduled' ? inAnHour : now.toISOString(),
      publishedAt: status === 'published' ? now.toISOString() : null,
      accounts: [{ provider: 'sandbox', name: 'Sample account' }],
    },
    now.toISOString(),
  );
}
