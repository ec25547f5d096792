import { describe, expect, it } from '@jest/globals';
import { cutText, followingItems, itemsRuleOf } from './preview-parts';

describe('network previews', () => {
  it('cuts a text at the platform limit, counting graphemes, and keeps the overflow', () => {
    const text = `${'a'.repeat(279)}🚀 and more`;
    expect(cutText(text, 'x')).toEqual({ shown: `${'a'.repeat(279)}🚀`, overflow: ' and more', limit: 280, over: 9 });
    expect(cutText('short', 'x')).toEqual({ shown: 'short', overflow: '', limit: 280, over: 0 });
    expect(cutText('x'.repeat(10_000), 'sandbox')).toMatchObject({ overflow: '', limit: null, over: 0 });
  });

  it('names the items after the first as the provider publishes them', () => {
    const items = ['post', 'second', 'third'];
    expect(followingItems(items, 'bluesky').map((item) => [item.label, item.refused])).toEqual([
      ['Reply 1', null],
      ['Reply 2', null],
    ]);
    expect(followingItems(items, 'linkedin').map((item) => [item.label, item.refused])).toEqual([
      ['First comment', null],
      ['Item 3', 'LinkedIn publishes at most 2 content items: this one would be refused.'],
    ]);
    expect(followingItems(items, 'discord')[0]).toEqual({ label: 'Item 2', text: 'second', refused: 'Discord publishes one content item: this one would be refused.' });
    expect(followingItems(['only'], 'x')).toEqual([]);
    expect(itemsRuleOf('telegram')).toBe('thread');
  });
});
