import type { AnalyticsDay, Post, PostMetrics, PostMetricsEntry } from '../../api';
import { addedUp, engagementOf, type FigureName, formatFigure, sumOf } from '../../figures';
import { plural } from '../../plural';
import { addDays } from '../../time';
import { publishedAccounts } from '../posts/post-outcome';

/*
 * The Analytics page's arithmetic over what the API answers: `GET .../analytics` (per account and
 * UTC day of publishing, the sums of the posts' latest figures) and each post's `GET .../metrics`.
 */

/** Days the page shows when it opens: the last 30, today (UTC, as the API counts days) included. */
export const DEFAULT_RANGE_DAYS = 30;

export interface Range {
  from: string;
  to: string;
}

export const utcToday = (now = new Date()): string => now.toISOString().slice(0, 10);

export const defaultRange = (today: string): Range => ({ from: addDays(today, -(DEFAULT_RANGE_DAYS - 1)), to: today });

/** Every day from `from` to `to`, both included (none when `from` is after `to`). */
export function daysOf({ from, to }: Range): string[] {
  const days: string[] = [];
  for (let day = from; day <= to; day = addDays(day, 1)) days.push(day);
  return days;
}

/** What the chart and the tables show: one figure, or likes, replies, reposts and quotes added up. */
export type Measure = FigureName | 'engagement';

export const measureOf = (metrics: PostMetrics, measure: Measure): number | null => (measure === 'engagement' ? engagementOf(metrics) : metrics[measure]);

/** The posts published in the range and the sums of their figures, each null where no account reports it. */
export function totalsOf(rows: readonly AnalyticsDay[]): { posts: number; metrics: PostMetrics } {
  return { posts: rows.reduce((total, row) => total + row.posts, 0), metrics: addedUp(rows.map((row) => row.metrics)) };
}

/** One account over the range: its totals, and a value per day (null on a day without a post, or a figure it does not report). */
export interface AccountSeries {
  accountId: number;
  provider: string;
  posts: number;
  metrics: PostMetrics;
  values: Array<number | null>;
}

/** The accounts that published in the range, in the order of their ids, each with its series of the measure. */
export function seriesOf(rows: readonly AnalyticsDay[], days: readonly string[], measure: Measure): AccountSeries[] {
  const ids = [...new Set(rows.map((row) => row.account_id))].sort((a, b) => a - b);
  return ids.map((accountId) => {
    const own = rows.filter((row) => row.account_id === accountId);
    const totals = totalsOf(own);
    return {
      accountId,
      provider: own[0].provider,
      posts: totals.posts,
      metrics: totals.metrics,
      values: days.map((day) => sumOf(own.filter((row) => row.date === day).map((row) => measureOf(row.metrics, measure)))),
    };
  });
}

/** A day's midnight (UTC) in seconds since 1970: where the chart puts it along x. */
export const secondsOfDay = (day: string): number => Date.parse(`${day}T00:00:00Z`) / 1000;

/** The day (UTC) of an instant given in seconds since 1970. */
export const dayAt = (seconds: number): string => new Date(seconds * 1000).toISOString().slice(0, 10);

/** An account as the chart names it: as the accounts list names it, or by its id while that list loads. */
export const accountName = (names: ReadonlyMap<number, string>, accountId: number): string => names.get(accountId) ?? `Account ${accountId}`;

/**
 * The chart in words (its canvas's name): what it shows, then for each account the measure added
 * up over the days it has it, and its best day; `not reported` for an account without the figure.
 */
export function chartSummary(days: readonly string[], series: readonly AccountSeries[], names: ReadonlyMap<number, string>, measure: string): string {
  const accounts = series.map((one) => {
    const known = one.values.flatMap((value, index) => (value === null ? [] : [{ day: days[index], value }]));
    if (known.length === 0) return `${accountName(names, one.accountId)}: not reported`;
    const best = known.reduce((top, each) => (each.value > top.value ? each : top));
    const total = known.reduce((sum, each) => sum + each.value, 0);
    return `${accountName(names, one.accountId)}: ${formatFigure(total)} over ${plural(known.length, 'day')}, the most ${formatFigure(best.value)} on ${best.day}`;
  });
  return `${measure} per day of publishing, per account, ${days[0]} to ${days.at(-1)}. ${accounts.join('; ')}.`;
}

/** The smallest of 1, 2 or 5 times a power of ten at or above the value: the top of the axis. */
export function axisTop(value: number): number {
  if (value <= 1) return 1;
  const power = 10 ** Math.floor(Math.log10(value));
  return [1, 2, 5, 10].map((step) => step * power).find((top) => top >= value) ?? 10 * power;
}

/** A post that may rank: its accounts published in the range (those of the filter only), the latest of them first. */
export interface Candidate {
  post: Post;
  accountIds: number[];
  publishedAt: string;
}

/** The posts with an account (the chosen one, when one is) published on a day of the range, the most recently published first. */
export function candidatesOf(posts: readonly Post[], range: Range, accountId: number | null): Candidate[] {
  const candidates = posts.flatMap((post) => {
    const inRange = publishedAccounts(post).filter((account) => {
      const day = account.published_at?.slice(0, 10) ?? '';
      return day >= range.from && day <= range.to && (accountId === null || account.id === accountId);
    });
    if (inRange.length === 0) return [];
    const publishedAt = inRange.map((account) => account.published_at ?? '').sort().at(-1) ?? '';
    return [{ post, accountIds: inRange.map((account) => account.id), publishedAt }];
  });
  return candidates.sort((a, b) => b.publishedAt.localeCompare(a.publishedAt));
}

export interface RankedPost extends Candidate {
  engagement: number;
}

/**
 * The posts with the most engagement (likes + replies + reposts + quotes) on the accounts that
 * count, most first (the more recent first when equal); a post with none of those figures reported
 * does not rank.
 */
export function bestPosts(candidates: readonly Candidate[], figures: ReadonlyMap<string, readonly PostMetricsEntry[]>, count: number): RankedPost[] {
  const ranked = candidates.flatMap((candidate) => {
    const entries = (figures.get(candidate.post.uuid) ?? []).filter((entry) => candidate.accountIds.includes(entry.account_id) && entry.collected_at !== null);
    const engagement = sumOf(entries.map((entry) => engagementOf(entry.metrics)));
    return engagement === null ? [] : [{ ...candidate, engagement }];
  });
  return ranked.sort((a, b) => b.engagement - a.engagement || b.publishedAt.localeCompare(a.publishedAt)).slice(0, count);
}
