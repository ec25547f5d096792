import { ContentItemsRule, MediaRule } from '@app/domain';
import { platformRules, PLATFORMS } from './platform-registry';
import { givenAccount, IMAGE, items, VIDEO } from './testing/platform-specification';

/** Every provider of the contract's tables, with its text limit (per content item), its content items and the media it needs. */
const CONTRACT: Array<[provider: string, limit: number | null, items: ContentItemsRule, media: MediaRule]> = [
  ['sandbox', null, 'any', 'optional'],
  ['bluesky', 300, 'thread', 'optional'],
  ['mastodon', 500, 'thread', 'optional'],
  ['telegram', 4096, 'thread', 'optional'],
  ['discord', 2000, 'single', 'optional'],
  ['linkedin', 3000, 'first_comment', 'optional'],
  ['x', 280, 'thread', 'optional'],
  ['facebook', 63_206, 'first_comment', 'optional'],
  ['instagram', 2200, 'first_comment', 'image_or_video'],
  ['threads', 500, 'thread', 'optional'],
  ['youtube', 5000, 'first_comment', 'video'],
  ['tiktok', 2200, 'single', 'image_or_video'],
  ['pinterest', 500, 'single', 'image_or_video'],
  ['reddit', 40_000, 'first_comment', 'optional'],
];

/** Options each provider requires, so that the body rules are looked at alone. */
const REQUIRED_OPTIONS: Record<string, Record<string, unknown>> = {
  youtube: { youtube: { title: 'A video' } },
  tiktok: { tiktok: { privacy_level: 'SELF_ONLY' } },
  pinterest: { pinterest: { board_id: 'b-1' } },
  reddit: { reddit: { subreddit: 'test', title: 'A title' } },
};
const mediaFor = (media: MediaRule) => (media === 'video' ? [VIDEO] : [IMAGE]);

describe('the platforms of the contract', () => {
  it('given the registry, then it answers for every provider of the contract, and for no other', () => {
    expect(PLATFORMS.map((platform) => platform.provider).sort()).toEqual(CONTRACT.map(([provider]) => provider).sort());
    expect(platformRules.rulesOf('myspace')).toBeNull();
    expect(platformRules.rulesOf('toString')).toBeNull();
  });

  describe.each(CONTRACT)('%s', (provider, limit, contentItems, media) => {
    const options = REQUIRED_OPTIONS[provider] ?? {};
    const account = givenAccount(provider);
    const withMedia = (content: Array<{ body: string; media: string[] }>) => content.map((item, index) => (index === 0 && media !== 'optional' ? { ...item, media: mediaFor(media) } : item));

    it(`given its rules, then: ${limit === null ? 'no text limit' : `${limit} characters`} per content item, items ${contentItems}, media ${media}`, () => {
      expect(platformRules.rulesOf(provider)?.bodyRules({ provider, settings: {} }, undefined)).toMatchObject({ provider, textLimit: limit, contentItems, media });
    });

    if (limit !== null) {
      it(`given a content item of ${limit} characters, then it is taken; one more is refused under accounts.0`, () => {
        account.whenScheduling({ content: withMedia(items(1, limit)), options }).thenAccepted();
        account.whenScheduling({ content: withMedia(items(1, limit + 1)), options }).thenErrors({ 'accounts.0': [`The text is longer than ${provider} allows (${limit} characters).`] });
      });
    }

    const most = { any: 20, thread: 20, first_comment: 2, single: 1 }[contentItems];
    it(`given ${most} content item(s), each within the limit on its own, then they are taken`, () => {
      account.whenScheduling({ content: withMedia(items(most, Math.min(limit ?? 1000, 200))), options }).thenAccepted((input) => expect(input.versions[0].content).toHaveLength(most));
    });

    if (contentItems === 'first_comment' || contentItems === 'single') {
      const message = contentItems === 'single' ? `The ${provider} account publishes one content item.` : `The ${provider} account publishes at most 2 content items.`;
      it(`given ${most + 1} content items, then: ${message}`, () => {
        account.whenScheduling({ content: withMedia(items(most + 1)), options }).thenErrors({ 'accounts.0': [message] });
      });
    }

    if (media !== 'optional') {
      const message = media === 'video' ? `The ${provider} account needs a video.` : `The ${provider} account needs an image or a video.`;
      it(`given no media, then: ${message}`, () => {
        account.whenScheduling({ content: items(1), options }).thenErrors({ 'accounts.0': [message] });
      });
    }

    it('given an empty item between others, then that item is refused, whatever the platform', () => {
      const content = withMedia([...items(1), { body: ' ', media: [] }]);
      account.whenScheduling({ content, options }).thenErrors({
        'versions.0.content.1': ['The content item must have a body or media.'],
        ...(contentItems === 'single' && { 'accounts.0': [`The ${provider} account publishes one content item.`] }),
      });
    });
  });
});
