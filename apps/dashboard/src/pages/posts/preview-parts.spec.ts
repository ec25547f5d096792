import { describe, expect, it } from '@jest/globals';
import type { PlatformDescription } from '../../platform-text';
import { cutText, followingItems } from './preview-parts';

/** A platform as GET /api/platforms answers it, with what these tests vary. */
const platform = (provider: string, label: string, items: PlatformDescription['items'], text: Partial<PlatformDescription['text']>): PlatformDescription => ({
  provider,
  label,
  text: { limit: null, limit_with_media: null, counting: 'code_points', ...text },
  items,
  media: { required: false, types: ['image', 'video'], max_count: null },
  options: [],
  connect: { oauth: false, settings: [], credentials: [] },
});
const x = platform('x', 'X', 'thread', { limit: 280, counting: 'weighted' });
const bluesky = platform('bluesky', 'Bluesky', 'thread', { limit: 300, counting: 'graphemes' });
const telegram = platform('telegram', 'Telegram', 'thread', { limit: 4096, limit_with_media: 1024 });

describe('network previews', () => {
  it('cuts a text at the platform limit, counting as the platform counts, and keeps the overflow', () => {
    // A flag is one grapheme but two code points: Bluesky counts one, X two.
    const flags = '🇫🇷'.repeat(200);
    expect(cutText(flags, bluesky)).toMatchObject({ overflow: '', limit: 300, over: 0 });
    expect(cutText(flags, x)).toMatchObject({ limit: 280, over: 120 });
    expect(cutText('short', x)).toEqual({ shown: 'short', overflow: '', limit: 280, over: 0 });
    expect(cutText('x'.repeat(10_000), platform('sandbox', 'Sandbox', 'thread', {}))).toMatchObject({ overflow: '', limit: null, over: 0 });
    expect(cutText('x'.repeat(10_000), undefined)).toMatchObject({ limit: null, over: 0 });
  });

  it('counts as X counts: a URL 23 however long, a wide character 2, and never cuts inside a URL', () => {
    const url = `https://example.com/${'a'.repeat(100)}`;
    expect(cutText(`${'a'.repeat(250)} ${url}`, x)).toMatchObject({ over: 0 });
    expect(cutText('日'.repeat(141), x)).toMatchObject({ shown: '日'.repeat(140), overflow: '日', over: 2 });
    expect(cutText(`${'a'.repeat(270)} ${url}`, x)).toMatchObject({ shown: `${'a'.repeat(270)} `, overflow: url, over: 14 });
  });

  it('takes the shorter limit of a caption when the item carries media (Telegram: 1,024 with media, 4,096 without)', () => {
    const text = 'a'.repeat(2_000);
    expect(cutText(text, telegram)).toMatchObject({ limit: 4096, over: 0 });
    expect(cutText(text, telegram, true)).toMatchObject({ limit: 1024, over: 976 });
  });

  it('names the items after the first as the platform publishes them', () => {
    const items = ['post', 'second', 'third'];
    expect(followingItems(items, 'bluesky', bluesky).map((item) => [item.label, item.refused])).toEqual([
      ['Reply 1', null],
      ['Reply 2', null],
    ]);
    expect(followingItems(items, 'linkedin', platform('linkedin', 'LinkedIn', 'first_comment', {})).map((item) => [item.label, item.refused])).toEqual([
      ['First comment', null],
      ['Item 3', 'LinkedIn publishes at most 2 content items: this one would be refused.'],
    ]);
    expect(followingItems(items, 'discord', platform('discord', 'Discord', 'single', {}))[0]).toEqual({ label: 'Item 2', text: 'second', refused: 'Discord publishes one content item: this one would be refused.' });
    expect(followingItems(['only'], 'x', x)).toEqual([]);
  });
});
