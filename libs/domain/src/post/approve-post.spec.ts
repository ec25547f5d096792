import { PostCommand } from './post-commands';
import { givenPost } from '../testing/post-decider-specification';
import { approver, content, ev, history, LATER, member, NOW, T0 } from '../testing/post-fixtures';

const approvePost = (actor = approver): PostCommand => ({ type: 'ApprovePost', actor, now: NOW });

describe('ApprovePost', () => {
  it('approves and schedules at the requested time when it is still ahead', () => {
    givenPost(ev.created(), ev.approvalRequested(LATER))
      .when(approvePost())
      .then([ev.approved(NOW), ev.scheduled(LATER, NOW)]);
  });

  it('schedules at `now` when the requested time has passed, and starts publishing in the same decision', () => {
    givenPost(ev.created(), ev.approvalRequested(T0))
      .when(approvePost())
      .then([ev.approved(NOW), ev.scheduled(NOW, NOW), ev.publishingStarted(content(), NOW)]);
  });

  it('publishes at once when publishing "now" was requested', () => {
    givenPost(ev.created(), ev.approvalRequested(null))
      .when(approvePost())
      .thenState((state) => expect(state).toMatchObject({ status: 'publishing', scheduledAt: NOW, revision: 4 }));
  });

  it('refuses an actor who may not approve, whatever the status', () => {
    givenPost(...history.needsApproval).when(approvePost(member)).thenThrows('ApprovalNotAllowed');
    givenPost(...history.published).when(approvePost(member)).thenThrows('ApprovalNotAllowed');
  });

  it.each([
    ['draft', history.draft],
    ['scheduled', history.scheduled],
    ['published', history.published],
  ])('refuses a %s post', (_status, given) => {
    givenPost(...given).when(approvePost()).thenThrows('PostNotAwaitingApproval');
  });

  it('refuses a second approval', () => {
    givenPost(ev.created(), ev.approvalRequested(LATER), ev.approved(), ev.scheduled(LATER))
      .when(approvePost())
      .thenThrows('PostNotAwaitingApproval');
  });

  it('refuses a missing or deleted post', () => {
    givenPost().when(approvePost()).thenThrows('PostNotFound');
    givenPost(ev.created(content()), ev.approvalRequested(), ev.deleted()).when(approvePost()).thenThrows('PostNotFound');
  });
});
