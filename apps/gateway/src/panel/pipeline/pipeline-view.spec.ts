import { pipelineViewOf, PipelineReadings } from './pipeline-view';

const now = new Date('2026-11-26T12:00:00.000Z');
const secondsAgo = (seconds: number) => new Date(now.getTime() - seconds * 1000);

const quiet: PipelineReadings = {
  now,
  timers: { due: 0, oldestDueAt: null },
  publishing: { inProgress: 0, oldestSince: null },
  deliveries: { pending: 0, retrying: 0, oldestDueAt: null, oldestCreatedAt: null },
  deadLetters: { waiting: 0, oldestAt: null },
  consumerLag: [{ group: 'publisher', topic: 'post-publishing', lag: 0, partitions: 4 }],
  stuckPosts: [],
  lateAfterMs: 60_000,
  publishingStuckAfterMs: 900_000,
};

describe('the pipeline view', () => {
  it('finds nothing stuck in a quiet pipeline, and says when it looked', () => {
    const view = pipelineViewOf(quiet);
    expect(view).toMatchObject({ healthy: true, problems: [], checked_at: '2026-11-26T12:00:00.000Z' });
    expect(view.consumer_groups).toEqual([{ group: 'publisher', topic: 'post-publishing', lag: 0, partitions: 4 }]);
  });

  it('takes work in flight within its time for normal', () => {
    const view = pipelineViewOf({
      ...quiet,
      timers: { due: 40, oldestDueAt: secondsAgo(59) },
      publishing: { inProgress: 3, oldestSince: secondsAgo(899) },
      deliveries: { pending: 12, retrying: 2, oldestDueAt: secondsAgo(30).toISOString(), oldestCreatedAt: secondsAgo(200).toISOString() },
    });
    expect(view.healthy).toBe(true);
    expect(view.stages.timers).toEqual({ due: 40, oldest_due_at: secondsAgo(59).toISOString(), late_seconds: 59 });
    expect(view.stages.deliveries).toEqual({ pending: 12, retrying: 2, oldest_due_at: secondsAgo(30).toISOString(), late_seconds: 30 });
  });

  it('names each stage held too long, and dead letters waiting', () => {
    const view = pipelineViewOf({
      ...quiet,
      timers: { due: 2, oldestDueAt: secondsAgo(61) },
      publishing: { inProgress: 1, oldestSince: secondsAgo(901) },
      deliveries: { pending: 1, retrying: 1, oldestDueAt: secondsAgo(120).toISOString(), oldestCreatedAt: null },
      deadLetters: { waiting: 3, oldestAt: secondsAgo(5) },
    });
    expect(view.healthy).toBe(false);
    expect(view.problems).toEqual([
      '2 scheduled posts are due and not publishing; the oldest has been due for 61 s (is the scheduler running?).',
      'A post has been publishing for 901 s, longer than PUBLISHING_STUCK_AFTER_MS (is the publisher running?).',
      '1 webhook delivery waits; the oldest has been due for 120 s (is the webhook-dispatcher running?).',
      '3 dead letters wait to be looked at and replayed (GET /api/panel/dead-letters).',
    ]);
  });

  it('compares to the limits by the millisecond, not by the rounded second', () => {
    const view = pipelineViewOf({ ...quiet, lateAfterMs: 1_000, timers: { due: 1, oldestDueAt: new Date(now.getTime() - 1_400) } });
    expect(view.problems).toEqual(['1 scheduled post is due and not publishing; the oldest has been due for 1 s (is the scheduler running?).']);
  });

  it('shows what answered when the webhook-dispatcher or the broker does not', () => {
    const view = pipelineViewOf({ ...quiet, deliveries: new Error('The service did not answer in time.'), consumerLag: new Error('no answer within 5 s') });
    expect(view.healthy).toBe(false);
    expect(view.problems).toEqual(['The webhook-dispatcher did not answer: The service did not answer in time.', 'The message broker did not answer: no answer within 5 s']);
    expect(view.stages.deliveries).toBeNull();
    expect(view.consumer_groups).toBeNull();
    expect(view.stages.timers.due).toBe(0);
  });
});
