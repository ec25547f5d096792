import { givenPost } from '../testing/post-decider-specification';
import { accountB, approver, content, createPost, ev, history, LATER, member, NOW, original, variant } from '../testing/post-fixtures';

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

  it('schedules at `now` for schedule_now when the author may approve, and starts publishing in the same decision', () => {
    givenPost()
      .when(createPost(approver, content({ kind: 'schedule_now' })))
      .then([ev.created(content(), NOW), ev.scheduled(NOW, NOW), ev.publishingStarted(content(), NOW)]);
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
    ['no version', [], { versions: ['The versions field is required.'] }],
    [
      'no original version',
      [{ ...original, is_original: false }],
      {
        versions: ['At least one version with is_original: true is required.'],
        'versions.0.is_original': ['The is_original field must be true for the first version.'],
      },
    ],
    ['a first version that is not the original', [variant, original], { 'versions.0.is_original': ['The is_original field must be true for the first version.'] }],
    ['two original versions', [original, { ...variant, is_original: true }], { versions: ['Only one version can have is_original: true.'] }],
  ])('refuses %s, with the field errors of the post body validator', (_case, versions, fields) => {
    givenPost().when(createPost(approver, content({ kind: 'draft' }, { versions }))).thenThrows('InvalidPostContent', fields);
  });

  it('refuses content over the limits of a post body, or with a NUL in a text', () => {
    const versions = [{ ...original, content: [{ body: 'a\u0000', media: [] }] }];
    givenPost()
      .when(createPost(approver, content({ kind: 'draft' }, { versions, tags: Array.from({ length: 51 }, () => 'tag') })))
      .thenThrows('InvalidPostContent', {
        'versions.0.content.0.body': ['The body field contains invalid characters.'],
        tags: ['The tags field must not have more than 50 items.'],
      });
  });

  it('refuses to schedule what an account platform does not take, by the rules the input carries', () => {
    const rules = { provider: 'sandbox', textLimit: 3, textLimitWithMedia: null, textCounting: 'code_points', contentItems: 'single', media: 'image_or_video' } as const;
    givenPost()
      .when(createPost(approver, content({ kind: 'schedule_now' }, { platformRules: { [accountB.id]: rules } })))
      .thenThrows('InvalidPostContent', {
        'accounts.1': ['The sandbox account needs an image or a video.', 'The text is longer than sandbox allows (3 characters).'],
      });
  });

  it('refuses to schedule a version with nothing to publish, but keeps such a draft', () => {
    const versions = [{ ...original, content: [{ body: ' ', media: [] }] }];
    givenPost()
      .when(createPost(approver, content({ kind: 'schedule_now' }, { versions })))
      .thenThrows('InvalidPostContent', { 'versions.0.content': ['The content field must have a body or media.'] });
    givenPost()
      .when(createPost(approver, content({ kind: 'draft' }, { versions })))
      .thenState((state) => expect(state).toMatchObject({ status: 'draft' }));
  });

  it('refuses to schedule without accounts, but keeps a draft without them', () => {
    const noAccounts = { accounts: ['The accounts field is required when scheduling.'] };
    givenPost().when(createPost(approver, content({ kind: 'schedule_now' }, { accounts: [] }))).thenThrows('InvalidPostContent', noAccounts);
    givenPost().when(createPost(member, content({ kind: 'schedule', scheduledAt: LATER }, { accounts: [] }))).thenThrows('InvalidPostContent', noAccounts);
    givenPost()
      .when(createPost(approver, content({ kind: 'draft' }, { accounts: [] })))
      .thenState((state) => expect(state).toMatchObject({ status: 'draft', accounts: [] }));
  });
});
