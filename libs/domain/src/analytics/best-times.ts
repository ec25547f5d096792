import { type QueueSlot, type Weekday, WEEKDAYS } from '../queue/posting-queue';
import type { PostMetrics } from './post-metrics';

/** How many days of a workspace's own figures its best times are learned from. */
export const BEST_TIMES_DAYS = 90;

/** The figures that count as engagement: what people did with the post, beyond seeing it. */
const ENGAGEMENT: readonly (keyof PostMetrics)[] = ['likes', 'replies', 'reposts', 'quotes', 'saves'];

/** A post's engagement: the sum of the engagement figures its platform reported (those not reported count for nothing). */
export const engagementOf = (metrics: PostMetrics): number => ENGAGEMENT.reduce((sum, name) => sum + (metrics[name] ?? 0), 0);

/** An hour of the week, and how the posts published in it did. */
export interface BestTime extends QueueSlot {
  /** The median engagement of the posts published in that hour of the week. */
  median_engagement: number;
  posts: number;
}

/**
 * The hours of the week (in `timezone`) in which the account's posts were published, best first:
 * by the median engagement of their posts, then by how many posts say so. Each is a queue slot on the hour.
 */
export function bestTimesOf(readings: readonly { publishedAt: Date; metrics: PostMetrics }[], timezone: string): BestTime[] {
  const format = new Intl.DateTimeFormat('en-GB', { timeZone: timezone, weekday: 'short', hour: '2-digit', hourCycle: 'h23' });
  const byHour = new Map<string, number[]>();
  for (const { publishedAt, metrics } of readings) {
    const parts = Object.fromEntries(format.formatToParts(publishedAt).map((part) => [part.type, part.value]));
    const key = `${parts.weekday.toLowerCase().slice(0, 3)} ${parts.hour}:00`;
    byHour.set(key, [...(byHour.get(key) ?? []), engagementOf(metrics)]);
  }
  const times = [...byHour.entries()].map(([key, engagements]) => {
    const [day, time] = key.split(' ') as [Weekday, string];
    return { day, time, median_engagement: median(engagements), posts: engagements.length };
  });
  const weekOrder = (time: BestTime) => WEEKDAYS.indexOf(time.day) * 24 + Number(time.time.slice(0, 2));
  return times.sort((a, b) => b.median_engagement - a.median_engagement || b.posts - a.posts || weekOrder(a) - weekOrder(b));
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
}
