import { givenPost } from './testing/post-decider-specification';
import { approver, content, createPost, ev, history, LATER, member, NOW, original, variant } from './testing/post-fixtures';

describe('CreatePost', () => {
  it('creates a draft when no schedule is asked for', () => {
    givenPost()
      .when(createPost(member, content({ kind: 'draft' })))
      .then([ev.created(content(), NOW, member.userId)]);
  });

  it('schedules at the requested time when the author may approve', () => {
    givenPost()
      .when(createPost(approver, content({ kind: 'schedule', scheduledAt: LATER })))
      .then([ev.created(content(), NOW), ev.scheduled(LATER, NOW)]);
  });

  it('schedules at `now` for schedule_now when the author may approve', () => {
    givenPost()
      .when(createPost(approver, content({ kind: 'schedule_now' })))
      .then([ev.created(content(), NOW), ev.scheduled(NOW, NOW)]);
  });

  it('asks for approval of the requested time when the author may not approve', () => {
    givenPost()
      .when(createPost(member, content({ kind: 'schedule', scheduledAt: LATER })))
      .then([ev.created(content(), NOW, member.userId), ev.approvalRequested(LATER, NOW)]);
  });

  it('asks for approval without a time for schedule_now when the author may not approve', () => {
    givenPost()
      .when(createPost(member, content({ kind: 'schedule_now' })))
      .then([ev.created(content(), NOW, member.userId), ev.approvalRequested(null, NOW)]);
  });

  it('refuses a post that already exists, even a deleted one', () => {
    givenPost(...history.draft).when(createPost(approver, content())).thenThrows('PostAlreadyExists');
    givenPost(...history.deleted).when(createPost(approver, content())).thenThrows('PostAlreadyExists');
  });

  it.each([
    ['no version', []],
    ['no original version', [{ ...original, is_original: false }]],
    ['a first version that is not the original', [variant, original]],
    ['two original versions', [original, { ...variant, is_original: true }]],
  ])('refuses %s', (_case, versions) => {
    givenPost().when(createPost(approver, content({ kind: 'draft' }, { versions }))).thenThrows('InvalidVersions');
  });

  it('refuses to schedule without accounts, but keeps a draft without them', () => {
    givenPost().when(createPost(approver, content({ kind: 'schedule_now' }, { accounts: [] }))).thenThrows('NoAccounts');
    givenPost().when(createPost(member, content({ kind: 'schedule', scheduledAt: LATER }, { accounts: [] }))).thenThrows('NoAccounts');
    givenPost()
      .when(createPost(approver, content({ kind: 'draft' }, { accounts: [] })))
      .thenState((state) => expect(state).toMatchObject({ status: 'draft', accounts: [] }));
  });
});
