import { FieldMessages } from '../../fields/field-messages';
import { isFields } from '../../fields/field-errors';
import type { OptionErrors } from './platform-rules';
import { givenWorkspace, stubPlatforms } from '../../testing/post-body-specification';

const account = (id: number, provider: string) => ({ id, provider, name: provider, username: null });
const [thread, comment, single, photos, videos, caption, boxed] = [
  account(31, 'thready'),
  account(32, 'commenty'),
  account(33, 'single'),
  account(34, 'photos'),
  account(35, 'videos'),
  account(36, 'captions'),
  account(37, 'boxed'),
];

/** Made-up platforms, one per rule the port may answer; `boxed` has options with a required `title`. */
const platforms = stubPlatforms({
  thready: { contentItems: 'thread', textLimit: 10 },
  commenty: { contentItems: 'first_comment' },
  single: { contentItems: 'single' },
  photos: { media: 'image_or_video' },
  videos: { media: 'video' },
  captions: { textLimit: 20, textLimitWithMedia: 5 },
  boxed: {
    optionErrors: (options): OptionErrors => {
      if (options === undefined) return { title: [FieldMessages.required('title')] };
      if (!isFields(options)) return { '': [FieldMessages.object('boxed')] };
      return typeof options.title === 'string' ? {} : { title: [FieldMessages.required('title')] };
    },
  },
});
const workspace = givenWorkspace([thread, comment, single, photos, videos, caption, boxed], { platforms, media: ['image-1', 'video-1'], videos: ['video-1'] });
const items = (...bodies: string[]) => bodies.map((body) => ({ body }));
const scheduling = (accounts: number[], content: unknown[], extra: Record<string, unknown> = {}) => ({
  versions: [{ is_original: true, content, ...extra }],
  accounts,
  schedule_now: true,
});

describe('the platform rules the port answers, at schedule time', () => {
  it('given a thread of 20 items on a platform of threads, then each item is held to the text limit on its own', () => {
    workspace.whenBody(scheduling([31], items(...Array.from({ length: 20 }, () => 'ten chars.')))).thenInput((input) => expect(input.versions[0].content).toHaveLength(20));
    workspace.whenBody(scheduling([31], items('short', 'eleven char', 'fine'))).thenErrors({ 'accounts.0': ['The text is longer than thready allows (10 characters).'] });
  });

  it('given three items for a platform of first comments, then it publishes at most 2; two are fine', () => {
    workspace.whenBody(scheduling([32], items('post', 'comment', 'more'))).thenErrors({ 'accounts.0': ['The commenty account publishes at most 2 content items.'] });
    workspace.whenBody(scheduling([32], items('post', 'comment'))).thenInput((input) => expect(input.platformRules?.[32].contentItems).toBe('first_comment'));
  });

  it('given two items for a platform of single items, then it publishes one', () => {
    workspace.whenBody(scheduling([33], items('one', 'two'))).thenErrors({ 'accounts.0': ['The single account publishes one content item.'] });
  });

  it('given no media for platforms that need media, then each account needs them, under its key', () => {
    workspace.whenBody(scheduling([34, 35], items('words only'))).thenErrors({
      'accounts.0': ['The photos account needs an image or a video.'],
      'accounts.1': ['The videos account needs a video.'],
    });
  });

  it('given an image for a platform that needs a video, then it still needs a video; a video in any item does', () => {
    workspace.whenBody(scheduling([34, 35], [{ body: 'a', media: ['image-1'] }])).thenErrors({ 'accounts.1': ['The videos account needs a video.'] });
    workspace.whenBody(scheduling([35], [{ body: 'a', media: ['image-1'] }, { body: 'b', media: ['video-1'] }])).thenInput((input) => expect(input.accounts).toHaveLength(1));
  });

  it('given an item with media, then the shorter limit of a caption applies to it alone', () => {
    workspace.whenBody(scheduling([36], [{ body: 'a caption too long', media: ['image-1'] }])).thenErrors({ 'accounts.0': ['The text is longer than captions allows (5 characters).'] });
    workspace.whenBody(scheduling([36], [{ body: 'short', media: ['image-1'] }, { body: 'a text of 20 letters' }])).thenInput((input) => expect(input.versions[0].content).toHaveLength(2));
  });

  it('given the same faults in a draft, then none is reported until it is scheduled', () => {
    workspace.whenBody({ versions: [{ is_original: true, content: items('a', 'b', 'c') }], accounts: [32, 33, 34, 37] }).thenInput((input) => expect(input.intent.kind).toBe('draft'));
  });

  it('given a version written for the account, then its rules look at that version, not the original', () => {
    const versions = [{ is_original: true, content: items('one', 'two', 'three') }, { account_id: 33, content: items('just one') }];
    workspace.whenBody({ versions, accounts: [33], schedule_now: true }).thenInput((input) => expect(input.versions).toHaveLength(2));
  });
});

describe('the options of a platform, asked of the port at schedule time', () => {
  it('given options the platform refuses, then they are reported under versions.N.options.<provider>.<field>', () => {
    workspace.whenBody(scheduling([37], items('Hello'), { options: { boxed: { title: 5 } } })).thenErrors({ 'versions.0.options.boxed.title': ['The title field is required.'] });
    workspace.whenBody(scheduling([37], items('Hello'))).thenErrors({ 'versions.0.options.boxed.title': ['The title field is required.'] });
    workspace.whenBody(scheduling([37], items('Hello'), { options: { boxed: 'x' } })).thenErrors({ 'versions.0.options.boxed': ['The boxed field must be an object.'] });
  });

  it('given the options of the version written for the account, then they are the ones checked, under that version', () => {
    const versions = [{ is_original: true, content: items('Hello') }, { account_id: 37, content: items('Hi'), options: { boxed: {} } }];
    workspace.whenBody({ versions, accounts: [37, 31], schedule_now: true }).thenErrors({ 'versions.1.options.boxed.title': ['The title field is required.'] });
  });

  it('given options with other faults at once, then every failing field is reported', () => {
    workspace.whenBody({ ...scheduling([37, 32], items('a', 'b', 'c')), tags: 'x' }).thenErrors({
      'versions.0.options.boxed.title': ['The title field is required.'],
      'accounts.1': ['The commenty account publishes at most 2 content items.'],
      tags: ['The tags field must be an array.'],
    });
  });

  it('given a draft, or options for a platform the post does not target, then options are not checked', () => {
    workspace.whenBody({ versions: [{ is_original: true, content: items('a') }], accounts: [37] }).thenInput((input) => expect(input.intent.kind).toBe('draft'));
    workspace.whenBody(scheduling([31], items('a'), { options: { boxed: 'x' } })).thenInput((input) => expect(input.versions[0].options).toEqual({ boxed: 'x' }));
  });

  it('given no port, then no platform rule applies (the decider, with the rules the input carries)', () => {
    givenWorkspace([boxed, comment])
      .whenBody(scheduling([37, 32], items('a', 'b', 'c')))
      .thenInput((input) => expect(input.platformRules).toBeUndefined());
  });
});
