import { mib, MemoryPeak } from '../support/memory';
import { atMost, latencyTable, MeasuredRow, Target, targetCell } from '../support/report';
import { seconds } from '../support/scheduled-burst';
import { summarize } from '../support/stats';
import { LifecycleResult } from './lifecycle-run';

/** The goals of the issue, for a burst of this size. */
function targetsFor(count: number): { start?: (p99: number) => Target; webhook: (summary: { p99: number; max: number }) => Target } {
  if (count <= 1_000) {
    return {
      start: (p99) => atMost('publishing started p99 <= 250 ms (1,000 posts)', p99, 250),
      webhook: ({ p99 }) => atMost('p99 <= 1 s (1,000 posts)', p99, 1_000),
    };
  }
  return { webhook: ({ max }) => atMost('every webhook within 10 s (10,000 posts)', max, 10_000) };
}

export const RSS_TARGET_MIB = 300;

/** Lateness (ms after the due time) seen where a deployment shows the steps before publishing, e.g. on its Kafka topics. */
export interface ObservedStart {
  startPublishingSent: number[];
  publishingStarted: number[];
}

/** Lateness table of one burst, its throughput and the memory of the service's processes. */
export function printLifecycle(result: LifecycleResult, memory: readonly { name: string; peak: MemoryPeak }[], observed?: ObservedStart): void {
  const targets = targetsFor(result.count);
  const live = summarize(result.live);
  const webhook = summarize(result.webhook);
  const rows: MeasuredRow[] = [];
  if (observed && observed.startPublishingSent.length > 0) {
    rows.push({ label: 'StartPublishing sent by the scheduler (post-commands)', summary: summarize(observed.startPublishingSent) });
  }
  const started = observed && observed.publishingStarted.length > 0 ? summarize(observed.publishingStarted) : null;
  if (started) rows.push({ label: 'publishing started (post.publishing_started on post-events)', summary: started, target: targets.start?.(started.p99) });
  rows.push(
    { label: 'post live on every account (published_at)', summary: live, target: started ? undefined : targets.start?.(live.p99) },
    { label: 'post.published webhook received', summary: webhook, target: targets.webhook(webhook) },
  );
  console.log(`\n  Lateness after the due time ${new Date(result.dueAtMs).toISOString()} (wall clock, ms)\n`);
  console.log(latencyTable({ label: `baseline: setTimeout callbacks due at that second (benchmark's process)`, summary: summarize(result.baseline) }, rows));
  if (targets.start && !started) {
    console.log(
      '  The API shows no moment of "publishing started"; published_at follows it (the sandbox answers at once),\n' +
        '  so the publishing-started target is printed against published_at, a bound from above.',
    );
  }
  const lastWebhookMs = Math.max(...result.webhook);
  console.log(
    `\n  Throughput: the last of ${result.count} webhooks arrived ${seconds(lastWebhookMs)} after the due time ` +
      `(${perSecond(result.count, lastWebhookMs)} through the whole pipeline); duplicate webhooks: ${result.duplicates}; ` +
      `posts were created at ${result.createdPerSecond.toFixed(0)} posts/s.`,
  );
  if (result.serviceCpuMs !== null) {
    console.log(
      `  CPU time of the service from the due time to the last webhook: ${seconds(result.serviceCpuMs)}, ` +
        `${(result.serviceCpuMs / result.count).toFixed(2)} ms per post (${Math.round((result.serviceCpuMs / lastWebhookMs) * 100)}% of a core over that time).`,
    );
  }
  if (result.sqliteStatements !== null) {
    const { begin, commit, other, transactions } = result.sqliteStatements;
    const perPost = (count: number) => (count / result.count).toFixed(1);
    console.log(
      `  SQLite over the same time, per post: ${perPost(begin + commit + other)} statements (${perPost(begin)} begins, ${perPost(commit)} commits, ` +
        `${perPost(other)} others), ${perPost(transactions)} transactions committed (with the writes on their own; sqlite_statements_total, sqlite_transactions_total).`,
    );
  }
  for (const { name, peak } of memory) {
    const target = atMost(`<= ${RSS_TARGET_MIB} MB`, peak.lifetimePeakMiB, RSS_TARGET_MIB);
    console.log(`  Peak RSS of ${name}: ${mib(peak.lifetimePeakMiB)} over its life (VmHWM), ${mib(peak.sampledPeakMiB)} sampled while the posts were created and published; ${targetCell(target)}`);
  }
}

const perSecond = (count: number, ms: number): string => (ms > 0 ? `${Math.round((count / ms) * 1000)} posts/s` : 'all at once');
