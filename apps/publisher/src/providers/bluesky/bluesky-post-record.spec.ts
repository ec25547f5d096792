import { linkFacets, postRecord, postUrl, recordKeyFor } from './bluesky-post-record';

describe('Bluesky post records', () => {
  const at = new Date('2026-11-24T09:00:00.000Z');

  it('gives a post the same TID record key on every try, and another post another key', () => {
    const key = recordKeyFor('post-1:7', at);
    expect(key).toMatch(/^[2-7a-z]{13}$/);
    expect(recordKeyFor('post-1:7', at)).toBe(key);
    expect(recordKeyFor('post-1:8', at)).not.toBe(key);
    expect(recordKeyFor('post-2:7', at)).not.toBe(key);
  });

  it('orders record keys by the time of the first attempt, as TIDs are', () => {
    expect(recordKeyFor('a', new Date('2026-11-24T09:00:00Z')) < recordKeyFor('a', new Date('2026-11-24T09:00:01Z'))).toBe(true);
  });

  it('marks links as facets with UTF-8 byte offsets, without trailing punctuation', () => {
    const text = 'Café ☕ see https://example.com/a?b=1. And http://x.test';
    const facets = linkFacets(text);
    expect(facets).toHaveLength(2);
    const bytes = Buffer.from(text);
    expect(bytes.subarray(facets[0].index.byteStart, facets[0].index.byteEnd).toString()).toBe('https://example.com/a?b=1');
    expect(facets[0].features).toEqual([{ $type: 'app.bsky.richtext.facet#link', uri: 'https://example.com/a?b=1' }]);
    expect(bytes.subarray(facets[1].index.byteStart, facets[1].index.byteEnd).toString()).toBe('http://x.test');
  });

  it('writes a post record without facets for plain text', () => {
    expect(postRecord('Hello', at)).toEqual({ $type: 'app.bsky.feed.post', text: 'Hello', createdAt: '2026-11-24T09:00:00.000Z' });
  });

  it('points at the post on bsky.app', () => {
    expect(postUrl('alice.test', '3m5abcdefgh22')).toBe('https://bsky.app/profile/alice.test/post/3m5abcdefgh22');
  });
});
