import type { PostMetrics } from './api';

/*
 * A post's figures as the pages show them (`GET .../metrics`, `GET .../analytics`). A figure is
 * null where the platform does not report it: shown as an em dash, never as 0.
 */

export type FigureName = keyof PostMetrics;

/** Each figure's words, in the order the pages list them: a figure the API adds does not compile until it is named here. */
const FIGURE_LABELS: Record<FigureName, string> = {
  impressions: 'Impressions',
  likes: 'Likes',
  replies: 'Replies',
  reposts: 'Reposts',
  quotes: 'Quotes',
  saves: 'Saves',
  clicks: 'Clicks',
  views: 'Views',
};

export const FIGURES = Object.entries(FIGURE_LABELS).map(([name, label]) => ({ name: name as FigureName, label }));

/** The figures whose sum ranks posts: what people did with a post, not how often it was seen. */
const ENGAGEMENT: readonly FigureName[] = ['likes', 'replies', 'reposts', 'quotes'];

export const ENGAGEMENT_LABEL = 'Engagement';
export const ENGAGEMENT_EXPLAINED = 'likes + replies + reposts + quotes';

/** Likes, replies, reposts and quotes added up; null when none of them is reported. */
export function engagementOf(metrics: PostMetrics): number | null {
  const reported = ENGAGEMENT.map((name) => metrics[name]).filter((figure): figure is number => figure !== null);
  return reported.length === 0 ? null : reported.reduce((total, figure) => total + figure, 0);
}

/** Null figures added up: a number where one of them is reported, null where none is. */
export function sumOf(figures: ReadonlyArray<number | null>): number | null {
  return figures.reduce<number | null>((total, figure) => (figure === null ? total : (total ?? 0) + figure), null);
}

/** Every figure of the sets added up, each null where no set reports it. */
export function addedUp(sets: readonly PostMetrics[]): PostMetrics {
  return Object.fromEntries(FIGURES.map(({ name }) => [name, sumOf(sets.map((set) => set[name]))])) as PostMetrics;
}

/** A figure as written on a page: `1,234`, or an em dash when not reported. */
export const formatFigure = (figure: number | null): string => (figure === null ? '—' : figure.toLocaleString('en'));

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/** When figures were read, from now: `read just now`, `read 5 min ago`, `read 2 h ago`, `read 3 days ago`. */
export function readAgo(collectedAt: string, now = Date.now()): string {
  const elapsed = Math.max(0, now - Date.parse(collectedAt));
  if (elapsed < MINUTE_MS) return 'read just now';
  if (elapsed < HOUR_MS) return `read ${Math.floor(elapsed / MINUTE_MS)} min ago`;
  if (elapsed < 2 * DAY_MS) return `read ${Math.floor(elapsed / HOUR_MS)} h ago`;
  const days = Math.floor(elapsed / DAY_MS);
  return `read ${days} days ago`;
}
