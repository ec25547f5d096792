import { describe, expect, it } from '@jest/globals';
import type { PostMetrics } from './api';
import { addedUp, engagementOf, FIGURES, formatFigure, readAgo, sumOf } from './figures';

const NONE: PostMetrics = { impressions: null, likes: null, replies: null, reposts: null, quotes: null, saves: null, clicks: null, views: null };

describe('a post’s figures as the pages show them', () => {
  it('names every figure of the API, in its order', () => {
    expect(FIGURES.map(({ name }) => name)).toEqual(Object.keys(NONE));
    expect(FIGURES.find(({ name }) => name === 'reposts')?.label).toBe('Reposts');
  });

  it('ranks by likes, replies, reposts and quotes: the reported ones added up, null when none is reported', () => {
    expect(engagementOf({ ...NONE, impressions: 900, likes: 4, replies: 1, reposts: 2, quotes: 0, views: 50 })).toBe(7);
    // Mastodon reports no quotes: the others still count.
    expect(engagementOf({ ...NONE, likes: 3, replies: 0, reposts: 1 })).toBe(4);
    expect(engagementOf({ ...NONE, impressions: 12 })).toBeNull();
    expect(engagementOf({ ...NONE, likes: 0 })).toBe(0);
  });

  it('adds up figures keeping “not reported” apart from 0', () => {
    expect(sumOf([])).toBeNull();
    expect(sumOf([null, null])).toBeNull();
    expect(sumOf([null, 0])).toBe(0);
    expect(sumOf([2, null, 3])).toBe(5);
    expect(addedUp([{ ...NONE, likes: 1, replies: 0 }, { ...NONE, likes: 2 }])).toEqual({ ...NONE, likes: 3, replies: 0 });
    expect(addedUp([])).toEqual(NONE);
  });

  it('writes a figure with its thousands, and one not reported as an em dash, never 0', () => {
    expect(formatFigure(1234)).toBe('1,234');
    expect(formatFigure(0)).toBe('0');
    expect(formatFigure(null)).toBe('—');
  });

  it('says how long ago figures were read', () => {
    const now = Date.parse('2026-12-03T12:00:00Z');
    expect(readAgo('2026-12-03T11:59:30Z', now)).toBe('read just now');
    expect(readAgo('2026-12-03T12:00:05Z', now)).toBe('read just now');
    expect(readAgo('2026-12-03T11:55:00Z', now)).toBe('read 5 min ago');
    expect(readAgo('2026-12-03T10:00:00Z', now)).toBe('read 2 h ago');
    expect(readAgo('2026-12-02T00:00:00Z', now)).toBe('read 36 h ago');
    expect(readAgo('2026-11-26T12:00:00Z', now)).toBe('read 7 days ago');
  });
});
