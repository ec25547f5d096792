import { PostEventMessage } from '@app/contracts';
import { PostEvent } from '@app/domain';
import { isPostEventMessage, timerChangeFor } from './timer-change';

const POST = '5b0c7f3e-2a41-4b8e-9d7a-1f2e3c4d5e6f';
const AT = '2026-11-22T09:00:00.000Z';

const message = (event: PostEvent, revision: number): PostEventMessage => ({
  ...event,
  eventId: `event-${revision}`,
  postUuid: POST,
  revision,
  position: 100 + revision,
  recordedAt: AT,
});

describe('timerChangeFor', () => {
  it('sets the timer at the scheduled time, remembering the revision of the schedule', () => {
    const change = timerChangeFor(message({ type: 'PostScheduled', data: { scheduledAt: '2026-11-22T12:30:15.250Z', at: AT } }, 4));
    expect(change).toEqual({ kind: 'set', dueAt: new Date('2026-11-22T12:30:15.250Z'), scheduledRevision: 4 });
  });

  it.each<PostEvent>([
    { type: 'PostUpdated', data: { versions: [], accounts: [], tags: [], updatedBy: 1, at: AT } },
    { type: 'PostDeleted', data: { deletedBy: 1, at: AT } },
    { type: 'PublishingStarted', data: { accounts: [], versions: [], at: AT } },
    { type: 'PostApprovalRequested', data: { scheduledAt: AT, requestedBy: 2, at: AT } },
  ])('removes the timer on $type', (event) => {
    expect(timerChangeFor(message(event, 5))).toEqual({ kind: 'clear' });
  });

  it.each<PostEvent>([
    { type: 'PostCreated', data: { postUuid: POST, workspaceUuid: POST, createdBy: 1, versions: [], accounts: [], tags: [], at: AT } },
    { type: 'PostApproved', data: { approvedBy: 1, at: AT } },
    { type: 'AccountPublished', data: { accountId: 1, externalId: 'x', externalUrl: null, at: AT } },
    { type: 'PostPublished', data: { publishedAt: AT } },
  ])('leaves the timer alone on $type', (event) => {
    expect(timerChangeFor(message(event, 5))).toEqual({ kind: 'none' });
  });
});

describe('isPostEventMessage', () => {
  it('accepts a post event message', () => {
    expect(isPostEventMessage(message({ type: 'PostDeleted', data: { deletedBy: 1, at: AT } }, 2))).toBe(true);
  });

  it.each([
    ['not an object', 'PostScheduled'],
    ['no revision', { type: 'PostDeleted', postUuid: POST, data: {} }],
    ['no post uuid', { type: 'PostDeleted', revision: 1, data: {} }],
    ['a schedule without a valid time', { type: 'PostScheduled', postUuid: POST, revision: 1, data: { scheduledAt: 'soon' } }],
  ])('rejects %s', (_case, value) => {
    expect(isPostEventMessage(value)).toBe(false);
  });
});
