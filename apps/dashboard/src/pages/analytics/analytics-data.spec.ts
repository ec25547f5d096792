import { describe, expect, it } from '@jest/globals';
import type { AnalyticsDay, Post, PostMetrics, PostMetricsEntry } from '../../api';
import { axisTop, bestPosts, candidatesOf, chartSummary, dayAt, daysOf, defaultRange, secondsOfDay, seriesOf, totalsOf, utcToday } from './analytics-data';

const NONE: PostMetrics = { impressions: null, likes: null, replies: null, reposts: null, quotes: null, saves: null, clicks: null, views: null };
const SANDBOX: PostMetrics = { impressions: 0, likes: 1, replies: 0, reposts: 0, quotes: 0, saves: 0, clicks: 0, views: 0 };
const MASTODON: PostMetrics = { ...NONE, likes: 5, replies: 2, reposts: 1 };

const day = (date: string, accountId: number, posts: number, metrics: PostMetrics): AnalyticsDay => ({ date, account_id: accountId, provider: accountId === 1 ? 'sandbox' : 'mastodon', posts, metrics });

type AccountState = Pick<Post['accounts'][number], 'id' | 'status' | 'published_at'>;

const post = (uuid: string, accounts: AccountState[]): Post =>
  ({
    uuid,
    status: 'published',
    accounts: accounts.map((account) => ({ provider: 'sandbox', name: `Account ${account.id}`, username: null, external_url: null, errors: [], items: [], ...account })),
  }) as unknown as Post;

const entry = (accountId: number, metrics: PostMetrics, collectedAt: string | null = '2026-12-03T10:00:00Z'): PostMetricsEntry => ({
  account_id: accountId,
  provider: 'sandbox',
  supported: true,
  collected_at: collectedAt,
  metrics,
});

describe('the Analytics page’s figures', () => {
  it('opens on the last 30 days, today (UTC) included', () => {
    expect(utcToday(new Date('2026-12-03T23:30:00-05:00'))).toBe('2026-12-04');
    expect(defaultRange('2026-12-03')).toEqual({ from: '2026-11-04', to: '2026-12-03' });
    expect(daysOf(defaultRange('2026-12-03'))).toHaveLength(30);
    expect(daysOf({ from: '2026-02-27', to: '2026-03-01' })).toEqual(['2026-02-27', '2026-02-28', '2026-03-01']);
    expect(daysOf({ from: '2026-03-02', to: '2026-03-01' })).toEqual([]);
  });

  it('adds up the rows: posts, and each figure null only where no account reports it', () => {
    const totals = totalsOf([day('2026-12-01', 1, 2, { ...SANDBOX, likes: 2 }), day('2026-12-02', 2, 1, MASTODON)]);
    expect(totals).toEqual({ posts: 3, metrics: { impressions: 0, likes: 7, replies: 2, reposts: 1, quotes: 0, saves: 0, clicks: 0, views: 0 } });
    expect(totalsOf([day('2026-12-02', 2, 1, MASTODON)]).metrics.impressions).toBeNull();
    expect(totalsOf([])).toEqual({ posts: 0, metrics: NONE });
  });

  it('gives each account a value per day: none on a day without posts, none for a figure it does not report', () => {
    const days = daysOf({ from: '2026-12-01', to: '2026-12-03' });
    const rows = [day('2026-12-01', 2, 1, MASTODON), day('2026-12-01', 1, 1, SANDBOX), day('2026-12-03', 1, 2, { ...SANDBOX, likes: 2 })];
    const likes = seriesOf(rows, days, 'likes');
    expect(likes.map(({ accountId, provider, posts, values }) => ({ accountId, provider, posts, values }))).toEqual([
      { accountId: 1, provider: 'sandbox', posts: 3, values: [1, null, 2] },
      { accountId: 2, provider: 'mastodon', posts: 1, values: [5, null, null] },
    ]);
    expect(seriesOf(rows, days, 'engagement')[1].values).toEqual([8, null, null]);
    expect(seriesOf(rows, days, 'impressions')[1].values).toEqual([null, null, null]);
    expect(seriesOf(rows, days, 'likes')[0].metrics.likes).toBe(3);
  });

  it('places each day at its UTC midnight along the chart, and reads it back', () => {
    expect(secondsOfDay('2026-12-02')).toBe(Date.UTC(2026, 11, 2) / 1000);
    expect(dayAt(secondsOfDay('2026-12-02'))).toBe('2026-12-02');
    expect(dayAt(secondsOfDay('2026-12-02') + 43_200)).toBe('2026-12-02');
  });

  it('says the chart in words: each account’s total, its days and its best day; not reported for a figure it lacks', () => {
    const days = daysOf({ from: '2026-12-01', to: '2026-12-03' });
    const rows = [day('2026-12-01', 1, 1, SANDBOX), day('2026-12-03', 1, 2, { ...SANDBOX, likes: 3 }), day('2026-12-02', 2, 1, MASTODON)];
    const names = new Map([[1, 'Acme (sandbox)']]);
    expect(chartSummary(days, seriesOf(rows, days, 'likes'), names, 'Likes')).toBe(
      'Likes per day of publishing, per account, 2026-12-01 to 2026-12-03. Acme (sandbox): 4 over 2 days, the most 3 on 2026-12-03; Account 2: 5 over 1 day, the most 5 on 2026-12-02.',
    );
    expect(chartSummary(days, seriesOf(rows, days, 'impressions'), names, 'Impressions')).toContain('; Account 2: not reported.');
  });

  it('tops the chart’s axis at 1, 2 or 5 times a power of ten', () => {
    expect([0, 1, 2, 3, 7, 10, 11, 48, 120, 7300].map(axisTop)).toEqual([1, 1, 2, 5, 10, 10, 20, 50, 200, 10000]);
  });

  it('ranks the posts published in the range by likes + replies + reposts + quotes on the accounts that count', () => {
    const range = { from: '2026-12-01', to: '2026-12-03' };
    const posts = [
      post('old', [{ id: 1, status: 'published', published_at: '2026-11-30T23:59:00Z' }]),
      post('small', [{ id: 1, status: 'published', published_at: '2026-12-01T08:00:00Z' }]),
      post('both', [
        { id: 1, status: 'published', published_at: '2026-12-02T08:00:00Z' },
        { id: 2, status: 'published', published_at: '2026-12-02T08:01:00Z' },
      ]),
      post('partly', [
        { id: 1, status: 'failed', published_at: null },
        { id: 2, status: 'published', published_at: '2026-12-03T08:00:00Z' },
      ]),
      post('unread', [{ id: 1, status: 'published', published_at: '2026-12-03T09:00:00Z' }]),
    ];
    const candidates = candidatesOf(posts, range, null);
    expect(candidates.map(({ post: { uuid }, accountIds, publishedAt }) => ({ uuid, accountIds, publishedAt }))).toEqual([
      { uuid: 'unread', accountIds: [1], publishedAt: '2026-12-03T09:00:00Z' },
      { uuid: 'partly', accountIds: [2], publishedAt: '2026-12-03T08:00:00Z' },
      { uuid: 'both', accountIds: [1, 2], publishedAt: '2026-12-02T08:01:00Z' },
      { uuid: 'small', accountIds: [1], publishedAt: '2026-12-01T08:00:00Z' },
    ]);
    const figures = new Map<string, PostMetricsEntry[]>([
      ['small', [entry(1, SANDBOX)]],
      ['both', [entry(1, SANDBOX), entry(2, MASTODON)]],
      ['partly', [entry(1, NONE, null), entry(2, { ...MASTODON, likes: 6 })]],
      ['unread', [entry(1, NONE, null)]],
    ]);
    // Equal engagement (1 + 8 on two accounts, 9 on one): the more recently published first. Unread figures do not rank.
    expect(bestPosts(candidates, figures, 5).map(({ post: { uuid }, engagement }) => [uuid, engagement])).toEqual([
      ['partly', 9],
      ['both', 9],
      ['small', 1],
    ]);
    expect(bestPosts(candidates, figures, 1).map(({ post: { uuid } }) => uuid)).toEqual(['partly']);
    // Only account 1: the Mastodon figures no longer count.
    const ofOne = candidatesOf(posts, range, 1);
    expect(ofOne.map(({ post: { uuid } }) => uuid)).toEqual(['unread', 'both', 'small']);
    expect(bestPosts(ofOne, figures, 5).map(({ post: { uuid }, engagement }) => [uuid, engagement])).toEqual([
      ['both', 1],
      ['small', 1],
    ]);
  });
});
