import type { ConsumerLag } from '@app/messaging';
import type { DeliveryBacklog } from '@app/contracts';

/** A post the pipeline holds longer than it should, with what it waits for. */
export interface StuckPostView {
  uuid: string;
  workspace_uuid: string;
  status: 'scheduled' | 'publishing';
  /** Its due time (scheduled) or the time of its last change (publishing). */
  since: string;
  reason: string;
}

/** The answer to "is anything stuck?", as `GET /api/panel/pipeline` shows it. */
export interface PipelineView {
  checked_at: string;
  /** True when none of `problems` was found. */
  healthy: boolean;
  problems: string[];
  /** Per consumer group and topic, the messages not yet handled; null when the broker did not answer. */
  consumer_groups: { group: string; topic: string; lag: number; partitions: number }[] | null;
  stages: {
    /** Scheduled posts whose time has come and whose publishing has not started. */
    timers: { due: number; oldest_due_at: string | null; late_seconds: number };
    publishing: { in_progress: number; oldest_since: string | null; seconds: number };
    /** Webhook deliveries of active webhooks still to make; null when the webhook-dispatcher did not answer. */
    deliveries: { pending: number; retrying: number; oldest_due_at: string | null; late_seconds: number } | null;
    /** Messages the consumer groups gave up on, not yet replayed. */
    dead_letters: { waiting: number; oldest_at: string | null };
  };
  stuck_posts: StuckPostView[];
}

/** What the pipeline view is made of, each read from its owner. */
export interface PipelineReadings {
  now: Date;
  timers: { due: number; oldestDueAt: Date | null };
  publishing: { inProgress: number; oldestSince: Date | null };
  deliveries: DeliveryBacklog | Error;
  deadLetters: { waiting: number; oldestAt: Date | null };
  consumerLag: ConsumerLag[] | Error;
  stuckPosts: StuckPostView[];
  /** Up to how late a stage's oldest item is normal. */
  lateAfterMs: number;
  /** How long a post may stay `publishing` before it counts as stuck (PUBLISHING_STUCK_AFTER_MS). */
  publishingStuckAfterMs: number;
}

const msBetween = (from: Date | null, to: Date): number => (from === null ? 0 : Math.max(0, to.getTime() - from.getTime()));
const secondsOf = (ms: number): number => Math.round(ms / 1000);
const iso = (at: Date | null): string | null => (at === null ? null : at.toISOString());
const plural = (count: number, one: string, many: string): string => `${count.toLocaleString('en-US')} ${count === 1 ? one : many}`;

/** The pipeline view of the readings, with the problems they show named in words an operator acts on. */
export function pipelineViewOf(readings: PipelineReadings): PipelineView {
  const { now, timers, publishing, deliveries, deadLetters, consumerLag } = readings;
  const problems: string[] = [];
  const timersLateMs = msBetween(timers.oldestDueAt, now);
  const timersLate = secondsOf(timersLateMs);
  if (timers.due > 0 && timersLateMs > readings.lateAfterMs) {
    problems.push(`${plural(timers.due, 'scheduled post is', 'scheduled posts are')} due and not publishing; the oldest has been due for ${timersLate} s (is the scheduler running?).`);
  }
  const publishingForMs = msBetween(publishing.oldestSince, now);
  const publishingFor = secondsOf(publishingForMs);
  if (publishing.inProgress > 0 && publishingForMs > readings.publishingStuckAfterMs) {
    problems.push(`A post has been publishing for ${publishingFor} s, longer than PUBLISHING_STUCK_AFTER_MS (is the publisher running?).`);
  }
  let deliveriesView: PipelineView['stages']['deliveries'] = null;
  if (deliveries instanceof Error) {
    problems.push(`The webhook-dispatcher did not answer: ${deliveries.message}`);
  } else {
    const oldestDue = deliveries.oldestDueAt === null ? null : new Date(deliveries.oldestDueAt);
    const lateMs = msBetween(oldestDue, now);
    const lateSeconds = secondsOf(lateMs);
    deliveriesView = { pending: deliveries.pending, retrying: deliveries.retrying, oldest_due_at: deliveries.oldestDueAt, late_seconds: lateSeconds };
    if (deliveries.pending > 0 && lateMs > readings.lateAfterMs) {
      problems.push(`${plural(deliveries.pending, 'webhook delivery waits', 'webhook deliveries wait')}; the oldest has been due for ${lateSeconds} s (is the webhook-dispatcher running?).`);
    }
  }
  if (deadLetters.waiting > 0) {
    problems.push(`${plural(deadLetters.waiting, 'dead letter waits', 'dead letters wait')} to be looked at and replayed (GET /api/panel/dead-letters).`);
  }
  if (consumerLag instanceof Error) problems.push(`The message broker did not answer: ${consumerLag.message}`);
  return {
    checked_at: now.toISOString(),
    healthy: problems.length === 0,
    problems,
    consumer_groups: consumerLag instanceof Error ? null : consumerLag.map(({ group, topic, lag, partitions }) => ({ group, topic, lag, partitions })),
    stages: {
      timers: { due: timers.due, oldest_due_at: iso(timers.oldestDueAt), late_seconds: timersLate },
      publishing: { in_progress: publishing.inProgress, oldest_since: iso(publishing.oldestSince), seconds: publishingFor },
      deliveries: deliveriesView,
      dead_letters: { waiting: deadLetters.waiting, oldest_at: iso(deadLetters.oldestAt) },
    },
    stuck_posts: readings.stuckPosts,
  };
}
