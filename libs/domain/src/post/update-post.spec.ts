import { PostCommand, PostContentInput } from './post-commands';
import { givenPost } from '../testing/post-decider-specification';
import { accountA, approver, content, ev, history, LATER, member, NOW, original, updatePost } from '../testing/post-fixtures';
const newContent = (intent: PostContentInput['intent'] = { kind: 'draft' }) =>
  content(intent, { versions: [{ ...original, content: [{ body: 'Edited', media: [] }] }], accounts: [accountA], tags: [] });

describe('UpdatePost', () => {
  it('replaces the content and returns a scheduled post to draft', () => {
    givenPost(...history.scheduled)
      .when(updatePost(approver, newContent()))
      .then([ev.updated(newContent(), NOW)]);
    givenPost(...history.scheduled)
      .when(updatePost(approver, newContent()))
      .thenState((state) => expect(state).toMatchObject({ status: 'draft', scheduledAt: null, scheduledRevision: null, tags: [] }));
  });

  it('schedules again after the update like a create does', () => {
    givenPost(...history.draft)
      .when(updatePost(approver, newContent({ kind: 'schedule', scheduledAt: LATER })))
      .then([ev.updated(newContent(), NOW), ev.scheduled(LATER, NOW)]);
    givenPost(...history.scheduled)
      .when(updatePost(member, newContent({ kind: 'schedule_now' })))
      .then([ev.updated(newContent(), NOW, member.userId), ev.approvalRequested(null, NOW)]);
  });

  it('lets a failed post be edited and scheduled again', () => {
    givenPost(...history.failed)
      .when(updatePost(approver, newContent({ kind: 'schedule', scheduledAt: LATER })))
      .thenState((state) => expect(state).toMatchObject({ status: 'scheduled', scheduledAt: LATER, scheduledRevision: 7 }));
  });

  it('publishes an edited failed post at once when it is sent with schedule_now', () => {
    givenPost(...history.failed)
      .when(updatePost(approver, content({ kind: 'schedule_now' })))
      .thenState((state) => expect(state).toMatchObject({ status: 'publishing', scheduledAt: NOW, scheduledRevision: null, revision: 8 }));
  });

  it('refuses a missing or deleted post', () => {
    givenPost().when(updatePost(approver, newContent())).thenThrows('PostNotFound');
    givenPost(...history.deleted).when(updatePost(approver, newContent())).thenThrows('PostNotFound');
  });

  it('refuses a published post and one being published', () => {
    givenPost(...history.published).when(updatePost(approver, newContent())).thenThrows('PublishedPostImmutable');
    givenPost(...history.publishing).when(updatePost(approver, newContent())).thenThrows('PostBeingPublished');
  });

  it('applies the version and account rules of create', () => {
    givenPost(...history.draft).when(updatePost(approver, content({ kind: 'draft' }, { versions: [] }))).thenThrows('InvalidPostContent', { versions: ['The versions field is required.'] });
    givenPost(...history.draft).when(updatePost(approver, content({ kind: 'schedule_now' }, { accounts: [] }))).thenThrows('InvalidPostContent', { accounts: ['The accounts field is required when scheduling.'] });
  });
});

describe('DeletePost', () => {
  const deletePost: PostCommand = { type: 'DeletePost', actor: member, now: NOW };

  it.each([
    ['draft', history.draft],
    ['scheduled', history.scheduled],
    ['needs_approval', history.needsApproval],
    ['failed', history.failed],
  ])('deletes a %s post', (_status, given) => {
    givenPost(...given).when(deletePost).then([{ type: 'PostDeleted', data: { deletedBy: member.userId, at: NOW } }]);
  });

  it('marks the post deleted', () => {
    givenPost(...history.scheduled).when(deletePost).thenState((state) => expect(state).toMatchObject({ deleted: true }));
  });

  it('refuses a missing or already deleted post', () => {
    givenPost().when(deletePost).thenThrows('PostNotFound');
    givenPost(...history.deleted).when(deletePost).thenThrows('PostNotFound');
  });

  it('refuses a published post and one being published', () => {
    givenPost(...history.published).when(deletePost).thenThrows('PublishedPostImmutable');
    givenPost(...history.publishing).when(deletePost).thenThrows('PostBeingPublished');
  });
});
