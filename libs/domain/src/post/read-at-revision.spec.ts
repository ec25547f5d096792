import { PostCommand } from './post-commands';
import { givenPost } from '../testing/post-decider-specification';
import { approver, content, ev, history, LATER, member, NOW, updatePost } from '../testing/post-fixtures';

const readAt = (...expectedRevisions: number[]) => ({ expectedRevisions });
const approvePost = (expectedRevisions: number[]): PostCommand => ({ type: 'ApprovePost', actor: approver, now: NOW, ...readAt(...expectedRevisions) });
const deletePost = (expectedRevisions: number[]): PostCommand => ({ type: 'DeletePost', actor: approver, now: NOW, ...readAt(...expectedRevisions) });
const update = (expectedRevisions: number[]): PostCommand => ({ ...updatePost(approver, content()), ...readAt(...expectedRevisions) });

/** `If-Match`: a write of a caller who read the post at a revision it is no longer at is refused. */
describe('a command of a caller who read the post at a revision', () => {
  // history.needsApproval is two events: the post is at revision 1.
  it('goes through while the post is still at that revision (or one of those given)', () => {
    givenPost(...history.needsApproval).when(approvePost([1])).then([ev.approved(NOW), ev.scheduled(LATER, NOW)]);
    givenPost(...history.needsApproval).when(approvePost([0, 1])).then([ev.approved(NOW), ev.scheduled(LATER, NOW)]);
    givenPost(...history.draft).when(deletePost([0])).then([ev.deleted(NOW)]);
    givenPost(...history.needsApproval).when(update([1])).thenState((state) => expect(state.exists && state.revision).toBe(2));
  });

  it('is refused once the post changed since: an approval approves only the text its approver read', () => {
    const editedAfterReading = [ev.created(), ev.approvalRequested(LATER), ev.updated(content(), NOW, member.userId), ev.approvalRequested(LATER)];
    givenPost(...editedAfterReading).when(approvePost([1])).thenThrows('PostChanged');
    givenPost(...editedAfterReading).when(update([1])).thenThrows('PostChanged');
    givenPost(...editedAfterReading).when(deletePost([1])).thenThrows('PostChanged');
    givenPost(...history.draft).when(deletePost([])).thenThrows('PostChanged');
  });

  it('says a missing post is not found, and a refused approver is refused, before it says the post changed', () => {
    givenPost().when(deletePost([0])).thenThrows('PostNotFound');
    givenPost(...history.deleted).when(update([0])).thenThrows('PostNotFound');
    givenPost(...history.needsApproval).when({ type: 'ApprovePost', actor: member, now: NOW, ...readAt(0) }).thenThrows('ApprovalNotAllowed');
  });
});
