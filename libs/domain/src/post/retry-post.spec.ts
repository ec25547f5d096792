import { PostCommand } from './post-commands';
import { postActions } from './post-actions';
import { givenPost } from '../testing/post-decider-specification';
import { accountA, accountB, approver, content, ev, history, member, NOW } from '../testing/post-fixtures';

const retryPost = (actor = approver): PostCommand => ({ type: 'RetryPost', actor, now: NOW });

describe('RetryPost', () => {
  it('schedules a failed post for now and starts its next round at once, as schedule_now would', () => {
    givenPost(...history.failed)
      .when(retryPost())
      .then([ev.scheduled(NOW, NOW), { type: 'PublishingStarted', data: { accounts: [accountB], versions: content().versions, at: NOW } }]);
  });

  it('puts it to an approver when the member may not approve', () => {
    givenPost(...history.failed)
      .when(retryPost(member))
      .then([{ type: 'PostApprovalRequested', data: { scheduledAt: null, requestedBy: member.userId, at: NOW } }]);
  });

  it('publishes the next round to the failed account only; the published one keeps its result', () => {
    const retried = [...history.failed, ev.scheduled(NOW, NOW)];
    const start: PostCommand = { type: 'StartPublishing', scheduledRevision: retried.length - 1, now: NOW };
    givenPost(...retried)
      .when(start)
      .then([{ type: 'PublishingStarted', data: { accounts: [accountB], versions: content().versions, at: NOW } }]);
    givenPost(...retried)
      .when(start)
      .thenState((state) => expect(state).toMatchObject({ status: 'publishing', publications: { [accountA.id]: { outcome: 'published' } } }));
  });

  it.each([
    ['draft', history.draft],
    ['needs_approval', history.needsApproval],
    ['scheduled', history.scheduled],
    ['publishing', history.publishing],
    ['published', history.published],
  ])('refuses a %s post', (_status, given) => {
    givenPost(...given).when(retryPost()).thenThrows('PostNotFailed');
  });

  it('refuses a missing or deleted post', () => {
    givenPost().when(retryPost()).thenThrows('PostNotFound');
    givenPost(...history.failed, ev.deleted()).when(retryPost()).thenThrows('PostNotFound');
  });

  it('is offered exactly where it is allowed: on a failed post, to a member who writes', () => {
    expect(postActions('failed', { writes: true, canApprove: false }).retry).toBe(true);
    expect(postActions('failed', { writes: false, canApprove: true }).retry).toBe(false);
    expect(postActions('published', { writes: true, canApprove: true }).retry).toBe(false);
  });
});
