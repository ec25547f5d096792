import { PostEventMessage } from '@app/contracts';
import { AccountSnapshot, scheduledAtOnApproval } from '@app/domain';

/** What a webhook payload needs to know of a post, kept from the post's events. */
export interface ProjectedPost {
  postUuid: string;
  workspaceUuid: string;
  /** Stream revision of the last event applied; older or repeated events are ignored. */
  revision: number;
  status: string;
  scheduledAt: string | null;
  publishedAt: string | null;
  accounts: Array<{ provider: string; name: string }>;
}

/**
 * The projected post after `event`, or null when the event changes nothing here: already
 * applied (redelivery), or about a post whose creation this service never saw.
 */
export function projectPost(current: ProjectedPost | null, event: PostEventMessage): ProjectedPost | null {
  if (event.type === 'PostCreated') {
    if (current) return null;
    const { workspaceUuid, accounts } = event.data;
    return {
      postUuid: event.postUuid,
      workspaceUuid,
      revision: event.revision,
      status: 'draft',
      scheduledAt: null,
      publishedAt: null,
      accounts: references(accounts),
    };
  }
  if (!current || event.revision <= current.revision) return null;
  const next: ProjectedPost = { ...current, revision: event.revision };
  switch (event.type) {
    case 'PostUpdated':
      return { ...next, status: 'draft', scheduledAt: null, accounts: references(event.data.accounts) };
    case 'PostScheduled':
      return { ...next, status: 'scheduled', scheduledAt: event.data.scheduledAt };
    case 'PostApprovalRequested':
      return { ...next, status: 'needs_approval', scheduledAt: event.data.scheduledAt };
    case 'PostApproved':
      // Approval always schedules the post (a PostScheduled follows in the same append), so the
      // post.approved payload already tells the status and the time the approval leads to.
      return { ...next, status: 'scheduled', scheduledAt: scheduledAtOnApproval(current.scheduledAt, event.data.at) };
    case 'PublishingStarted':
      return { ...next, status: 'publishing', accounts: references(event.data.accounts) };
    case 'PostPublished':
      return { ...next, status: 'published', publishedAt: event.data.publishedAt };
    case 'PostPublishFailed':
      return { ...next, status: 'failed' };
    case 'PostDeleted':
    case 'AccountPublished':
    case 'AccountPublishFailed':
      return next;
  }
}

const references = (accounts: readonly AccountSnapshot[]) => accounts.map(({ provider, name }) => ({ provider, name }));
