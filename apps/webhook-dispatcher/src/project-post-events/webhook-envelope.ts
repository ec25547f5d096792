import { PostEventMessage, WebhookEnvelope, WebhookEventName } from '@app/contracts';
import { PostEventType } from '@app/domain';
import { ProjectedPost } from './post-projection';

const webhookEvents: Partial<Record<PostEventType, WebhookEventName>> = {
  PostScheduled: 'post.scheduled',
  PostPublished: 'post.published',
  PostPublishFailed: 'post.failed',
  PostApproved: 'post.approved',
};

/** The webhook event a post event fires, if any. */
export const webhookEventFor = (type: PostEventType): WebhookEventName | null => webhookEvents[type] ?? null;

/** When the event happened, as the aggregate recorded it; the store's time when the event has none. */
export function eventTime(event: PostEventMessage): string {
  const data = event.data as { at?: string; publishedAt?: string };
  return data.at ?? data.publishedAt ?? event.recordedAt;
}

/** The payload of the specification, fixed when the delivery is created. */
export function buildEnvelope(event: WebhookEventName, post: ProjectedPost, at: string): WebhookEnvelope {
  return {
    event,
    workspace_uuid: post.workspaceUuid,
    post: {
      uuid: post.postUuid,
      status: post.status,
      scheduled_at: utc(post.scheduledAt),
      published_at: utc(post.publishedAt),
      accounts: post.accounts.map(({ provider, name }) => ({ provider, name })),
    },
    timestamp: utc(at)!,
  };
}

/** ISO 8601 in UTC with a `Z`, whatever offset the source used. */
function utc(value: string | null): string | null {
  return value === null ? null : new Date(value).toISOString();
}
