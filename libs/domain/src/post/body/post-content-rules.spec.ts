import type { PostContentInput } from '../post-commands';
import { postContentErrors } from './post-content-rules';
import { publishedText, versionFor } from './provider-text-limits';
import { givenWorkspace, original, stubPlatforms } from '../../testing/post-body-specification';

const bluesky = { id: 21, provider: 'bluesky', name: 'Sky', username: 'sky.test' };
const mastodon = { id: 22, provider: 'mastodon', name: 'Toot', username: 'toot' };
const x = { id: 23, provider: 'x', name: 'X', username: 'x' };
const platforms = stubPlatforms({
  bluesky: { textLimit: 300, textCounting: 'graphemes' },
  mastodon: { textLimitOf: (account) => Number(account.settings.max_characters) },
  x: { textLimit: 280 },
});
const workspace = givenWorkspace([bluesky, mastodon, x], { platforms, settings: { 22: { max_characters: 640 } } });
const later = { schedule: true, scheduled_at: '2026-07-01T10:00:00Z' };
const versionOf = (body: string, accountId = 0) => ({ account_id: accountId, is_original: accountId === 0, content: [{ body, media: [] }] });

describe('the limits on a post body', () => {
  it('given 20,000 empty versions, then versions has too many items, reported once and alone', () => {
    workspace.whenBody({ versions: [original, ...Array.from({ length: 19_999 }, () => ({}))] }).thenErrors({
      versions: ['The versions field must not have more than 20 items.'],
    });
  });

  it('given 20,000 malformed versions, then the faults past the limit are not listed', () => {
    workspace.whenBody({ versions: [original, ...Array.from({ length: 19_999 }, () => 'x')] }).thenErrorsMatch((errors) => {
      expect(errors.versions).toEqual(['The versions field must not have more than 20 items.']);
      expect(Object.keys(errors)).toHaveLength(20);
    });
  });

  it('given exactly 20 versions, 20 content items, a body of 100000 characters and 50 tags, then the post is accepted', () => {
    const content = Array.from({ length: 20 }, () => ({ body: 'é'.repeat(5_000) }));
    content[0] = { body: '😀'.repeat(100_000) };
    const body = { versions: [{ is_original: true, content }, ...Array.from({ length: 19 }, () => ({}))], tags: Array.from({ length: 50 }, (_, i) => `t${i}`) };
    workspace.whenBody(body).thenInput((input) => expect(input.versions).toHaveLength(20));
  });

  it('given one more of each, then each limit is reported under its key', () => {
    const content = Array.from({ length: 21 }, () => ({ body: 'a' }));
    content[1] = { body: 'a'.repeat(100_001) };
    workspace.whenBody({ versions: [{ is_original: true, content }], tags: Array.from({ length: 51 }, () => 'tag') }).thenErrors({
      'versions.0.content': ['The content field must not have more than 20 items.'],
      'versions.0.content.1.body': ['The body field must not be greater than 100000 characters.'],
      tags: ['The tags field must not have more than 50 items.'],
    });
  });

  it('given a NUL in any kept string, then that string is reported by its last segment', () => {
    const body = {
      versions: [{ is_original: true, content: [{ body: 'ok' }, { body: 'a\u0000b', media: ['m\u0000'] }], options: { bluesky: { langs: ['en', 'f\u0000r'] }, note: '\u0000' } }],
      tags: ['fine', 'bad\u0000'],
      colour: 'ignored\u0000',
    };
    workspace.whenBody(body).thenErrors({
      'versions.0.content.1.body': ['The body field contains invalid characters.'],
      'versions.0.content.1.media.0': ['The 0 field contains invalid characters.'],
      'versions.0.options.note': ['The note field contains invalid characters.'],
      'versions.0.options.bluesky.langs.1': ['The 1 field contains invalid characters.'],
      'tags.1': ['The 1 field contains invalid characters.'],
      colour: ['The colour field is not recognized.'],
    });
  });

  it('given an unpaired surrogate in a text or a NUL in an options key, then they are invalid characters too', () => {
    workspace.whenBody({ versions: [{ is_original: true, content: [{ body: 'x\ud800y' }], options: { 'k\u0000': 1 } }] }).thenErrors({
      'versions.0.content.0.body': ['The body field contains invalid characters.'],
      'versions.0.options': ['The options field contains invalid characters.'],
    });
    workspace.whenBody({ versions: [{ is_original: true, content: [{ body: 'paired 😀 and \udc00\ud800 swapped' }] }] }).thenErrorsInclude({
      'versions.0.content.0.body': ['The body field contains invalid characters.'],
    });
  });

  it('given options nested too deep or too large, then options is reported with a clear message', () => {
    let deep: Record<string, unknown> = {};
    for (let level = 0; level < 8; level++) deep = { level: deep };
    workspace.whenBody({ versions: [{ ...original, options: deep }] }).thenErrors({
      'versions.0.options': ['The options field must not be nested more than 8 levels deep.'],
    });
    workspace.whenBody({ versions: [{ ...original, options: { blob: 'x'.repeat(10_000) } }] }).thenErrors({
      'versions.0.options': ['The options field must not be greater than 10000 characters as JSON.'],
    });
  });
});

describe('the platform text limit at schedule time', () => {
  it('given a version over its account platform limit, when scheduling, then accounts.N names the platform and the limit', () => {
    workspace.whenBody({ versions: [versionOf('a'.repeat(301)), versionOf('b'.repeat(641), 22)], accounts: [21, 22, 23], ...later }).thenErrors({
      'accounts.0': ['The text is longer than bluesky allows (300 characters).'],
      'accounts.1': ['The text is longer than mastodon allows (640 characters).'],
      'accounts.2': ['The text is longer than x allows (280 characters).'],
    });
  });

  it('given 300 graphemes of several code points each, then Bluesky takes them', () => {
    workspace.whenBody({ versions: [versionOf('👩‍👩‍👧'.repeat(300))], accounts: [21], schedule_now: true }).thenInput((input) => expect(input.intent.kind).toBe('schedule_now'));
    workspace.whenBody({ versions: [versionOf('👩‍👩‍👧'.repeat(301))], accounts: [21], schedule_now: true }).thenErrors({
      'accounts.0': ['The text is longer than bluesky allows (300 characters).'],
    });
  });

  it('given a long draft, then no limit applies until it is scheduled', () => {
    workspace.whenBody({ versions: [versionOf('a'.repeat(1000))], accounts: [21, 23] }).thenInput((input) => expect(input.intent.kind).toBe('draft'));
  });

  it('given an account after unknown ones, then its key is its place in the body', () => {
    workspace.whenBody({ versions: [versionOf('a'.repeat(281))], accounts: [99, 23, 23], ...later }).thenErrors({
      'accounts.0': ['The selected account is invalid.'],
      'accounts.1': ['The text is longer than x allows (280 characters).'],
    });
  });
});

describe('something to publish in every content item, at schedule time', () => {
  const schedule = (content: unknown, extra: Record<string, unknown> = {}) => ({ versions: [{ is_original: true, content }], accounts: [21], ...later, ...extra });

  it.each([
    ['a blank body and no media', [{ body: ' \n ', media: [] }]],
    ['an item with no fields', [{}]],
    ['no items', []],
    ['several empty items', [{ body: '' }, { body: '\t' }]],
  ])('given %s, when scheduling, then the content must have a body or media', (_, content) => {
    workspace.whenBody(schedule(content)).thenErrors({ 'versions.0.content': ['The content field must have a body or media.'] });
    workspace.whenBody({ versions: [{ is_original: true, content }], accounts: [21], schedule_now: true }).thenErrors({
      'versions.0.content': ['The content field must have a body or media.'],
    });
  });

  it('given an empty item between others, when scheduling, then that item is refused under its own key', () => {
    workspace.whenBody(schedule([{ body: 'First' }, { body: ' ' }, { body: 'Third' }, { body: '' }])).thenErrors({
      'versions.0.content.1': ['The content item must have a body or media.'],
      'versions.0.content.3': ['The content item must have a body or media.'],
    });
  });

  it('given an empty version written for an account, when scheduling, then its content is refused too', () => {
    workspace.whenBody({ versions: [versionOf('Hello'), { account_id: 23, content: [] }], accounts: [21, 23], ...later }).thenErrors({
      'versions.1.content': ['The content field must have a body or media.'],
    });
  });

  it('given items with media and no body, when scheduling, then they have something to publish', () => {
    workspace.whenBody(schedule([{ body: '', media: ['m-1'] }, { media: ['m-2'] }])).thenInput((input) => expect(input.versions[0].content).toHaveLength(2));
  });

  it('given an empty draft, then it is kept: it is being written', () => {
    workspace.whenBody({ versions: [{ is_original: true, content: [] }], accounts: [21] }).thenInput((input) => expect(input.intent.kind).toBe('draft'));
    workspace.whenBody({ versions: [{ is_original: true, content: [{ body: 'a' }, { body: '' }] }] }).thenInput((input) => expect(input.versions[0].content).toHaveLength(2));
  });
});

describe('postContentErrors, as the decider applies it', () => {
  const input = (overrides: Partial<PostContentInput>): PostContentInput => ({
    versions: [{ account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }], options: {} }],
    accounts: [],
    tags: [],
    intent: { kind: 'draft' },
    ...overrides,
  });

  it('given a valid input, then no errors', () => {
    expect(postContentErrors(input({}))).toEqual({});
  });

  it('given an input that breaks several rules, then every field error is keyed at once', () => {
    const versions = [{ account_id: 0, is_original: false, content: [{ body: '\u0000', media: [] }], options: {} }];
    expect(postContentErrors(input({ versions, tags: Array.from({ length: 51 }, () => 't'), intent: { kind: 'schedule_now' } }))).toEqual({
      versions: ['At least one version with is_original: true is required.'],
      'versions.0.is_original': ['The is_original field must be true for the first version.'],
      'versions.0.content.0.body': ['The body field contains invalid characters.'],
      tags: ['The tags field must not have more than 50 items.'],
      accounts: ['The accounts field is required when scheduling.'],
    });
  });

  it('given platform rules in the input, then the accounts that break them are keyed by their place in the input', () => {
    const accounts = [{ id: 23, provider: 'x', name: 'X', username: null }];
    const versions = [{ account_id: 0, is_original: true, content: [{ body: 'a'.repeat(281), media: [] }], options: {} }];
    const platformRules = { 23: { provider: 'x', textLimit: 280, textLimitWithMedia: null, textCounting: 'code_points', contentItems: 'thread', media: 'optional' } as const };
    expect(postContentErrors(input({ versions, accounts, intent: { kind: 'schedule_now' }, platformRules }))).toEqual({
      'accounts.0': ['The text is longer than x allows (280 characters).'],
    });
  });
});

describe('the text a version publishes to an account', () => {
  const first = { account_id: 0, is_original: true, content: [{ body: 'Hello', media: [] }, { body: ' ', media: [] }, { body: 'world', media: [] }], options: {} };
  const forEleven = { account_id: 11, is_original: false, content: [{ body: 'Hi 11', media: [] }], options: {} };

  it('given a version written for the account, then it is that one; else the original; else none', () => {
    expect(versionFor(11, [first, forEleven])).toBe(forEleven);
    expect(versionFor(12, [first, forEleven])).toBe(first);
    expect(versionFor(12, [])).toBeNull();
  });

  it('given several content items, then their non-blank bodies make one paragraph each', () => {
    expect(publishedText(first)).toBe('Hello\n\nworld');
  });
});
