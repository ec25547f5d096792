import { POST_EVENT_MESSAGE_VERSION, PostEventMessage } from '@app/contracts';
import type { ExistingPostState, PostEvent } from '@app/domain';
import { toMetricsEntries } from '../post-view/to-metrics-entries';
import { toPostView, utcTimestamp } from '../post-view/to-post-view';

/** Where the event sits in the store. */
export interface StoredAt {
  id: string;
  revision: number;
  recordedAt: string;
}

/**
 * The one translation of the post-service's own events into the public messages of `post-events`
 * (domain events never leave the service). `after` is the post's state once the event applied.
 * A new domain event type does not compile until it is given its message here.
 */
export function toPostEventMessage(event: PostEvent, after: ExistingPostState, stored: StoredAt): PostEventMessage {
  const common = {
    version: POST_EVENT_MESSAGE_VERSION,
    id: stored.id,
    workspaceUuid: after.workspaceUuid,
    postUuid: after.postUuid,
    revision: stored.revision,
    occurredAt: utcTimestamp(occurredAt(event) ?? stored.recordedAt),
    post: toPostView(after),
    deleted: after.deleted,
  };
  switch (event.type) {
    case 'PostCreated':
      return { ...common, type: 'post.created' };
    case 'PostUpdated':
      return { ...common, type: 'post.updated' };
    case 'PostScheduled':
      return { ...common, type: 'post.scheduled' };
    case 'PostApprovalRequested':
      return { ...common, type: 'post.approval_requested' };
    case 'PostApproved':
      return { ...common, type: 'post.approved' };
    case 'PostDeleted':
      return { ...common, type: 'post.deleted' };
    case 'PublishingStarted':
      return { ...common, type: 'post.publishing_started', accountIds: event.data.accounts.map((account) => account.id) };
    case 'AccountPublished':
      return { ...common, type: 'post.account_published', accountId: event.data.accountId };
    case 'AccountPublishFailed':
      return { ...common, type: 'post.account_failed', accountId: event.data.accountId };
    case 'PostPublished':
      return { ...common, type: 'post.published' };
    case 'PostPublishFailed':
      return { ...common, type: 'post.failed' };
    case 'MetricsCollected':
      return { ...common, type: 'post.metrics_updated', accountId: event.data.accountId, metrics: toMetricsEntries(after) };
  }
}

function occurredAt(event: PostEvent): string | null {
  if (event.type === 'PostPublished') return event.data.publishedAt;
  return event.type === 'MetricsCollected' ? event.data.collectedAt : event.data.at;
}
