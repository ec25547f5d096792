import { BusTimes } from './bus-times';
import { latencyTable, MeasuredRow, stageTable } from './report';
import { summarize } from './stats';

/** Every time measured for one post, in wall-clock ms; null when it could not be read back. */
export interface PostMeasurement extends BusTimes {
  publishingStarted: number;
  published: number;
  webhookReceived: number;
}

type Time = (post: PostMeasurement) => number | null;

export function printResults(dueAtMs: number, baseline: readonly number[], posts: readonly PostMeasurement[], duplicateWebhooks: number): void {
  const due: Time = () => dueAtMs;
  const row = (label: string, to: Time, from: Time): MeasuredRow[] => {
    const spans = posts.flatMap((post) => {
      const [end, start] = [to(post), from(post)];
      return end === null || start === null ? [] : [end - start];
    });
    return spans.length === 0 ? [] : [{ label, summary: summarize(spans) }];
  };

  console.log(`\nLateness after the due time ${new Date(dueAtMs).toISOString()} (wall clock)\n`);
  console.log(
    latencyTable({ label: `setTimeout baseline (${baseline.length} callbacks due at that second)`, summary: summarize(baseline) }, [
      ...row('publishing started (PublishingStarted event)', (post) => post.publishingStarted, due),
      ...row('post.published webhook received', (post) => post.webhookReceived, due),
    ]),
  );

  console.log('\nWhere the time goes, step by step (times the services recorded in their events and commands)\n');
  console.log(
    stageTable([
      ...row('due -> StartPublishing sent (scheduler)', (post) => post.startPublishingSent, due),
      ...row('StartPublishing sent -> PublishingStarted (bus, post-service)', (post) => post.publishingStarted, (post) => post.startPublishingSent),
      ...row('PublishingStarted -> on post-events (event relay)', (post) => post.publishingStartedRelayed, (post) => post.publishingStarted),
      ...row('on post-events -> publish result sent (publisher)', (post) => post.publishResultSent, (post) => post.publishingStartedRelayed),
      ...row('publish result sent -> PostPublished (bus, post-service)', (post) => post.published, (post) => post.publishResultSent),
      ...row('PostPublished -> on post-events (event relay)', (post) => post.publishedRelayed, (post) => post.published),
      ...row('on post-events -> webhook received (webhook dispatcher)', (post) => post.webhookReceived, (post) => post.publishedRelayed),
    ]),
  );

  const lastWebhookMs = Math.max(...posts.map((post) => post.webhookReceived)) - dueAtMs;
  const starts = posts.map((post) => post.publishingStarted);
  const startSpreadMs = Math.max(...starts) - Math.min(...starts);
  console.log(
    `\nThroughput: publishing started for ${posts.length} posts within ${seconds(startSpreadMs)} (${perSecond(posts.length, startSpreadMs)}); ` +
      `the last webhook arrived ${seconds(lastWebhookMs)} after the due time (${perSecond(posts.length, lastWebhookMs)} through the whole pipeline). ` +
      `Duplicate webhooks: ${duplicateWebhooks}.`,
  );
}

export const seconds = (ms: number): string => `${(ms / 1000).toFixed(1)} s`;
const perSecond = (count: number, ms: number): string => (ms > 0 ? `${Math.round((count / ms) * 1000)} posts/s` : 'all at once');
