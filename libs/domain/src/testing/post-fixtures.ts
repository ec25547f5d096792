import { Actor, PostCommand, PostContentInput } from '../post/post-commands';
import { PostEvent } from '../post/post-events';
import { AccountSnapshot, PostVersion, ScheduleIntent } from '../post/post-types';

export const POST_UUID = '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f';
export const WORKSPACE_UUID = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
export const T0 = '2026-11-22T09:00:00.000Z';
export const NOW = '2026-11-22T10:00:00.000Z';
export const LATER = '2026-11-22T12:00:00.000Z';

export const approver: Actor = { userId: 1, canApprove: true };
export const member: Actor = { userId: 2, canApprove: false };

export const original: PostVersion = { account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} };
export const variant: PostVersion = { account_id: 11, is_original: false, content: [{ body: 'Hi X', media: [] }], options: {} };
export const accountA: AccountSnapshot = { id: 11, provider: 'sandbox', name: 'A', username: 'a' };
export const accountB: AccountSnapshot = { id: 12, provider: 'sandbox', name: 'B', username: null };

export function content(intent: ScheduleIntent = { kind: 'draft' }, overrides: Partial<PostContentInput> = {}): PostContentInput {
  return { versions: [original, variant], accounts: [accountA, accountB], tags: ['launch'], intent, ...overrides };
}

export const createPost = (actor: Actor, input: PostContentInput, now = NOW): PostCommand => ({
  type: 'CreatePost',
  postUuid: POST_UUID,
  workspaceUuid: WORKSPACE_UUID,
  actor,
  now,
  input,
});

export const updatePost = (actor: Actor, input: PostContentInput, now = NOW): PostCommand => ({ type: 'UpdatePost', actor, now, input });

export const REFUSAL = 'Provider refused the post.';
const urlOf = (accountId: number) => `https://example.test/${accountId}`;
/** The one content item of an account's version, as the platform holds it. */
export const itemOf = (accountId: number) => ({ externalId: `ext-${accountId}`, externalUrl: urlOf(accountId) });

export const publishResult = (
  accountId: number,
  outcome: 'published' | 'failed',
  now = LATER,
): Extract<PostCommand, { type: 'RecordPublishResult' }> =>
  outcome === 'published'
    ? { type: 'RecordPublishResult', now, accountId, outcome, externalId: `ext-${accountId}`, externalUrl: urlOf(accountId), errors: [], items: [itemOf(accountId)] }
    : { type: 'RecordPublishResult', now, accountId, outcome, externalId: null, externalUrl: null, errors: [REFUSAL], items: [null] };

/** Events of a typical history, each at T0 unless told otherwise. */
export const ev = {
  created: (input = content(), at = T0, createdBy = approver.userId): PostEvent => ({
    type: 'PostCreated',
    data: {
      postUuid: POST_UUID,
      workspaceUuid: WORKSPACE_UUID,
      createdBy,
      versions: input.versions,
      accounts: input.accounts,
      tags: input.tags,
      at,
    },
  }),
  updated: (input = content(), at = T0, updatedBy = approver.userId): PostEvent => ({
    type: 'PostUpdated',
    data: { versions: input.versions, accounts: input.accounts, tags: input.tags, updatedBy, at },
  }),
  scheduled: (scheduledAt = LATER, at = T0): PostEvent => ({ type: 'PostScheduled', data: { scheduledAt, at } }),
  approvalRequested: (scheduledAt: string | null = LATER, at = T0): PostEvent => ({
    type: 'PostApprovalRequested',
    data: { scheduledAt, requestedBy: member.userId, at },
  }),
  approved: (at = T0): PostEvent => ({ type: 'PostApproved', data: { approvedBy: approver.userId, at } }),
  deleted: (at = T0): PostEvent => ({ type: 'PostDeleted', data: { deletedBy: approver.userId, at } }),
  publishingStarted: (input = content(), at = LATER): PostEvent => ({
    type: 'PublishingStarted',
    data: { accounts: input.accounts, versions: input.versions, at },
  }),
  accountPublished: (accountId: number, at = LATER): PostEvent => ({
    type: 'AccountPublished',
    data: { accountId, externalId: `ext-${accountId}`, externalUrl: urlOf(accountId), items: [itemOf(accountId)], at },
  }),
  accountFailed: (accountId: number, at = LATER): PostEvent => ({
    type: 'AccountPublishFailed',
    data: { accountId, errors: [REFUSAL], at },
  }),
  published: (publishedAt = LATER): PostEvent => ({ type: 'PostPublished', data: { publishedAt } }),
  publishFailed: (failedAccountIds: number[], at = LATER): PostEvent => ({ type: 'PostPublishFailed', data: { failedAccountIds, at } }),
};

/** Histories reaching each status; the PostScheduled of `scheduled` sits at revision 1. */
export const history = {
  draft: [ev.created()],
  scheduled: [ev.created(), ev.scheduled()],
  needsApproval: [ev.created(), ev.approvalRequested()],
  publishing: [ev.created(), ev.scheduled(), ev.publishingStarted()],
  published: [ev.created(), ev.scheduled(), ev.publishingStarted(), ev.accountPublished(11), ev.accountPublished(12), ev.published()],
  failed: [ev.created(), ev.scheduled(), ev.publishingStarted(), ev.accountPublished(11), ev.accountFailed(12), ev.publishFailed([12])],
  deleted: [ev.created(), ev.deleted()],
};
