import { PostEventMessage } from '@app/contracts';
import { PostEvent } from '@app/domain';
import { deliveryIdFor } from './delivery-id';
import { projectPost, ProjectedPost } from './post-projection';
import { buildEnvelope, eventTime, webhookEventFor } from './webhook-envelope';

const postUuid = '6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f';
const workspaceUuid = '1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d';
const accounts = [
  { id: 1, provider: 'sandbox', name: 'Acme', username: 'acme' },
  { id: 2, provider: 'mastodon', name: '@acme@example.social', username: null },
];

function message(revision: number, event: PostEvent): PostEventMessage {
  return { ...event, eventId: `event-${revision}`, postUuid, revision, position: 100 + revision, recordedAt: '2026-11-22T10:00:00.123Z' };
}

const created = message(0, {
  type: 'PostCreated',
  data: { postUuid, workspaceUuid, createdBy: 7, versions: [], accounts, tags: [], at: '2026-11-22T09:00:00Z' },
});

function fold(...events: PostEventMessage[]): ProjectedPost {
  return events.reduce<ProjectedPost | null>((post, event) => projectPost(post, event) ?? post, null)!;
}

describe('projectPost', () => {
  it('follows the post through scheduling and publishing', () => {
    const scheduled = fold(created, message(1, { type: 'PostScheduled', data: { scheduledAt: '2026-11-23T09:30:00+02:00', at: '2026-11-22T09:01:00Z' } }));
    expect(scheduled).toEqual({
      postUuid,
      workspaceUuid,
      revision: 1,
      status: 'scheduled',
      scheduledAt: '2026-11-23T09:30:00+02:00',
      publishedAt: null,
      accounts: [
        { provider: 'sandbox', name: 'Acme' },
        { provider: 'mastodon', name: '@acme@example.social' },
      ],
    });
    const published = fold(
      created,
      message(1, { type: 'PostScheduled', data: { scheduledAt: '2026-11-23T07:30:00Z', at: '2026-11-22T09:01:00Z' } }),
      message(2, { type: 'PublishingStarted', data: { accounts: accounts.slice(0, 1), versions: [], at: '2026-11-23T07:30:00Z' } }),
      message(3, { type: 'AccountPublished', data: { accountId: 1, externalId: 'x', externalUrl: null, at: '2026-11-23T07:30:01Z' } }),
      message(4, { type: 'PostPublished', data: { publishedAt: '2026-11-23T07:30:02Z' } }),
    );
    expect(published).toMatchObject({ revision: 4, status: 'published', publishedAt: '2026-11-23T07:30:02Z', accounts: [{ provider: 'sandbox', name: 'Acme' }] });
  });

  it('ignores an event already applied, and events of a post it never saw created', () => {
    const post = fold(created, message(1, { type: 'PostScheduled', data: { scheduledAt: '2026-11-23T07:30:00Z', at: 'x' } }));
    expect(projectPost(post, message(1, { type: 'PostPublishFailed', data: { failedAccountIds: [1], at: 'x' } }))).toBeNull();
    expect(projectPost(post, created)).toBeNull();
    expect(projectPost(null, message(3, { type: 'PostPublished', data: { publishedAt: 'x' } }))).toBeNull();
  });

  it('returns an updated post to draft without a schedule', () => {
    const post = fold(
      created,
      message(1, { type: 'PostScheduled', data: { scheduledAt: '2026-11-23T07:30:00Z', at: 'x' } }),
      message(2, { type: 'PostUpdated', data: { versions: [], accounts: accounts.slice(1), tags: [], updatedBy: 7, at: 'x' } }),
    );
    expect(post).toMatchObject({ status: 'draft', scheduledAt: null, accounts: [{ provider: 'mastodon', name: '@acme@example.social' }] });
  });

  it('reports an approved post as scheduled, the status approval leads to', () => {
    const post = fold(
      created,
      message(1, { type: 'PostApprovalRequested', data: { scheduledAt: '2026-11-23T07:30:00Z', requestedBy: 8, at: '2026-11-22T09:00:00Z' } }),
      message(2, { type: 'PostApproved', data: { approvedBy: 7, at: '2026-11-22T10:00:00Z' } }),
    );
    expect(post).toMatchObject({ status: 'scheduled', scheduledAt: '2026-11-23T07:30:00Z' });
  });

  it.each([
    ['publication now (no time asked for)', null],
    ['a time that passed while it waited', '2026-11-22T09:30:00Z'],
  ])('reports an approved post asked for %s as scheduled at the approval time', (_, requested) => {
    const post = fold(
      created,
      message(1, { type: 'PostApprovalRequested', data: { scheduledAt: requested, requestedBy: 8, at: '2026-11-22T09:00:00Z' } }),
      message(2, { type: 'PostApproved', data: { approvedBy: 7, at: '2026-11-22T10:00:00Z' } }),
    );
    expect(post).toMatchObject({ status: 'scheduled', scheduledAt: '2026-11-22T10:00:00Z' });
    expect(buildEnvelope('post.approved', post, '2026-11-22T10:00:00Z').post).toMatchObject({ status: 'scheduled', scheduled_at: '2026-11-22T10:00:00.000Z' });
  });
});

describe('webhookEventFor', () => {
  it('maps the four lifecycle events and nothing else', () => {
    expect(webhookEventFor('PostScheduled')).toBe('post.scheduled');
    expect(webhookEventFor('PostPublished')).toBe('post.published');
    expect(webhookEventFor('PostPublishFailed')).toBe('post.failed');
    expect(webhookEventFor('PostApproved')).toBe('post.approved');
    for (const type of ['PostCreated', 'PostUpdated', 'PostDeleted', 'PublishingStarted', 'AccountPublished', 'AccountPublishFailed'] as const) {
      expect(webhookEventFor(type)).toBeNull();
    }
  });
});

describe('buildEnvelope', () => {
  it('is the envelope of the specification, timestamps in UTC with Z and absent values null', () => {
    const post = fold(created, message(1, { type: 'PostScheduled', data: { scheduledAt: '2026-11-23T09:30:00+02:00', at: '2026-11-22T09:01:00Z' } }));
    const event = message(1, { type: 'PostScheduled', data: { scheduledAt: '2026-11-23T09:30:00+02:00', at: '2026-11-22T11:01:00+02:00' } });
    const envelope = buildEnvelope('post.scheduled', post, eventTime(event));
    expect(JSON.parse(JSON.stringify(envelope))).toEqual({
      event: 'post.scheduled',
      workspace_uuid: workspaceUuid,
      post: {
        uuid: postUuid,
        status: 'scheduled',
        scheduled_at: '2026-11-23T07:30:00.000Z',
        published_at: null,
        accounts: [
          { provider: 'sandbox', name: 'Acme' },
          { provider: 'mastodon', name: '@acme@example.social' },
        ],
      },
      timestamp: '2026-11-22T09:01:00.000Z',
    });
    expect(Object.keys(envelope)).toEqual(['event', 'workspace_uuid', 'post', 'timestamp']);
  });

  it('takes the publication time as the time of post.published', () => {
    expect(eventTime(message(4, { type: 'PostPublished', data: { publishedAt: '2026-11-23T07:30:02Z' } }))).toBe('2026-11-23T07:30:02Z');
  });
});

describe('deliveryIdFor', () => {
  it('is a UUID fixed by the event and the webhook', () => {
    const id = deliveryIdFor('event-1', 3);
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-8[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(deliveryIdFor('event-1', 3)).toBe(id);
    expect(deliveryIdFor('event-1', 4)).not.toBe(id);
    expect(deliveryIdFor('event-2', 3)).not.toBe(id);
  });
});
