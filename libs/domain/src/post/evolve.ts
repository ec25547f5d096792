import { PostEvent } from './post-events';
import { publishedItemsOf } from './post-types';
import { ExistingPostState, initialPostState, PostState } from './post-state';
import { scheduledAtOnApproval } from './post-rules';

/** Applies one event; `revision` counts the events applied, so it equals the event's stream revision. */
export function evolve(state: PostState, event: PostEvent): PostState {
  if (event.type === 'PostCreated') {
    if (state.exists) throw new Error('PostCreated cannot follow other events of the same post');
    const { postUuid, workspaceUuid, createdBy, versions, accounts, tags, scheduledAt, recycle, recycleQueue, recycledFrom, at } = event.data;
    return {
      exists: true,
      revision: 0,
      scheduledRevision: null,
      deleted: false,
      postUuid,
      workspaceUuid,
      createdBy,
      status: 'draft',
      versions,
      accounts,
      tags,
      recycle: recycle ?? null,
      recycleQueue: recycleQueue ?? null,
      recycledFrom: recycledFrom ?? null,
      scheduledAt: scheduledAt ?? null,
      publishedAt: null,
      createdAt: at,
      updatedAt: at,
      publications: {},
      metrics: {},
    };
  }
  if (!state.exists) throw new Error(`${event.type} cannot apply before PostCreated`);
  const revision = state.revision + 1;
  const next: ExistingPostState = { ...state, revision, updatedAt: 'at' in event.data ? event.data.at : state.updatedAt };

  switch (event.type) {
    case 'PostUpdated': {
      const { versions, accounts, tags, scheduledAt, recycle, recycleQueue } = event.data;
      return { ...next, versions, accounts, tags, recycle: recycle ?? null, recycleQueue: recycleQueue ?? null, status: 'draft', scheduledAt: scheduledAt ?? null, scheduledRevision: null };
    }
    case 'PostScheduled':
      return { ...next, status: 'scheduled', scheduledAt: event.data.scheduledAt, scheduledRevision: revision };
    case 'PostApprovalRequested':
      return { ...next, status: 'needs_approval', scheduledAt: event.data.scheduledAt, scheduledRevision: null };
    case 'PostApproved':
      // Approval always schedules: the post is due at the time asked for, or now when that has
      // passed. The PostScheduled that follows in the same append records the schedule itself.
      return { ...next, status: 'scheduled', scheduledAt: scheduledAtOnApproval(state.scheduledAt, event.data.at) };
    case 'PostDeleted':
      return { ...next, deleted: true, scheduledRevision: null };
    case 'PublishingStarted': {
      // The round publishes to `accounts`: their earlier results are replaced as theirs come in;
      // the others published in an earlier round and keep it.
      const { accounts, versions } = event.data;
      const publications = { ...state.publications };
      for (const account of accounts) delete publications[account.id];
      return { ...next, status: 'publishing', versions, scheduledRevision: null, publications };
    }
    case 'AccountPublished': {
      const { accountId, externalId, externalUrl, at } = event.data;
      const items = publishedItemsOf(event.data.items, externalId, externalUrl);
      const publication = { outcome: 'published' as const, externalId, externalUrl, errors: [], items, at };
      return { ...next, publications: { ...state.publications, [accountId]: publication } };
    }
    case 'AccountPublishFailed': {
      const { accountId, errors, items = [], at } = event.data;
      const publication = { outcome: 'failed' as const, externalId: null, externalUrl: null, errors, items, at };
      return { ...next, publications: { ...state.publications, [accountId]: publication } };
    }
    case 'PostPublished':
      return { ...next, status: 'published', publishedAt: event.data.publishedAt, updatedAt: event.data.publishedAt };
    case 'PostPublishFailed':
      return { ...next, status: 'failed' };
    case 'MetricsCollected': {
      const { accountId, point, metrics, collectedAt } = event.data;
      const points = [...(state.metrics[accountId]?.points ?? []), point];
      return { ...next, metrics: { ...state.metrics, [accountId]: { metrics, collectedAt, points } } };
    }
  }
}

export const foldPost = (events: PostEvent[]): PostState => events.reduce(evolve, initialPostState);
