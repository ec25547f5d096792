import { resolve } from 'node:path';
import { chooseTestKafka } from '@app/messaging/testing';
import { ObservedStart, printLifecycle } from '../lifecycle/lifecycle-report';
import { LifecycleResult, runLifecycle } from '../lifecycle/lifecycle-run';
import { Benchmark } from '../support/benchmark';
import { integerSetting } from '../support/environment';
import { MemoryWatch } from '../support/memory';
import { MeasuredRow, spanTable } from '../support/report';
import { Receivers } from '../support/receivers/receivers';
import { ServiceUnderTest } from '../support/service-process';
import { summarize } from '../support/stats';
import { readTopicTimes, TopicTimes } from './topic-times';

/**
 * BENCH_DISTRIBUTED_POSTS (200) posts due in the same second on distributed mode: each of the five
 * apps its own process over the tests' Kafka (`startTestKafkaCluster`: a real broker, else the mock
 * cluster) and a throwaway PostgreSQL database, started by the distributed end-to-end suite's own support code.
 */
export const distributedBenchmark: Benchmark = {
  name: 'distributed',
  async run() {
    const kafka = chooseTestKafka();
    if ('missing' in kafka) {
      console.log(`\n-- skipped: ${kafka.missing}`);
      return;
    }
    const count = integerSetting('BENCH_DISTRIBUTED_POSTS', 200);
    // The support code finds the apps under DIST; this file runs from that very build.
    process.env.DIST = resolve(__dirname, '../../..');
    const { APP_NAMES } = await import('../../e2e/support/distributed/app-process');
    const { DistributedSystem } = await import('../../e2e/support/distributed/distributed-system');
    console.log(`\n-- ${count} posts due in the same second, distributed: ${APP_NAMES.join(', ')}, each its own process; PostgreSQL; ${kafka.kind}`);
    const [system, receivers] = await Promise.all([DistributedSystem.start({ env: { LOG_LEVEL: 'warn' } }), Receivers.start(1)]);
    try {
      const apps = APP_NAMES.map((app) => ({ name: app, pid: system.replica(app).pid! }));
      const service: ServiceUnderTest = { baseUrl: system.baseUrl, adminToken: system.adminToken, processes: () => apps, tail: () => system.outputTails(20) };
      const watches = apps.map((app) => ({ name: app.name, watch: new MemoryWatch(app.pid) }));
      const result = await runLifecycle(service, receivers, count);
      const memory = watches.map(({ name, watch }) => ({ name, peak: watch.stop() }));
      const brokers = (system.replica('gateway').spec.env.KAFKA_BROKERS ?? '').split(',');
      const topics = await readTopicTimes(brokers, result.uuids);
      printLifecycle(result, memory, observedStart(result, topics));
      printStages(result, topics);
      // Only the mock cluster answers an empty fetch late: on a broker this would mislead.
      if (kafka.kind === 'mock Kafka cluster') {
        console.log(
          '\n  What the mock cluster distorts: librdkafka\'s mock broker answers a fetch that finds no new message only when the\n' +
            "  consumer's whole fetch wait has passed (KAFKA_FETCH_WAIT_MS, 100 ms), even if a message is produced meanwhile; a real\n" +
            '  broker answers at once. Each Kafka hop on the way (StartPublishing, post.publishing_started, the publish result,\n' +
            '  post.published) may therefore wait that long here, and the mock returns one produced batch per partition and fetch.\n' +
            '  The figures above are an upper bound for real Kafka.',
        );
      }
    } finally {
      await Promise.allSettled([system.dispose(), receivers.stop()]);
    }
  },
};

/** Lateness of the steps the topics show, for the posts whose messages were found. */
function observedStart(result: LifecycleResult, topics: Map<string, TopicTimes>): ObservedStart {
  const lateness = (field: keyof TopicTimes) =>
    result.uuids.flatMap((uuid) => {
      const at = topics.get(uuid)?.[field];
      return at === null || at === undefined || Number.isNaN(at) ? [] : [at - result.dueAtMs];
    });
  return { startPublishingSent: lateness('startPublishingSent'), publishingStarted: lateness('publishingStarted') };
}

/** Where the time went between the steps the topics and the webhooks show. */
function printStages(result: LifecycleResult, topics: Map<string, TopicTimes>): void {
  const span = (label: string, from: (uuid: string, index: number) => number | null, to: (uuid: string, index: number) => number | null): MeasuredRow[] => {
    const spans = result.uuids.flatMap((uuid, index) => {
      const [start, end] = [from(uuid, index), to(uuid, index)];
      return start === null || end === null || Number.isNaN(start) || Number.isNaN(end) ? [] : [end - start];
    });
    return spans.length === 0 ? [] : [{ label, summary: summarize(spans) }];
  };
  const sent = (uuid: string) => topics.get(uuid)?.startPublishingSent ?? null;
  const started = (uuid: string) => topics.get(uuid)?.publishingStarted ?? null;
  const live = (_: string, index: number) => result.dueAtMs + result.live[index]!;
  const received = (_: string, index: number) => result.dueAtMs + result.webhook[index]!;
  console.log('\n  Where the time went, step by step (ms)\n');
  console.log(
    spanTable([
      ...span('due -> StartPublishing sent (scheduler)', () => result.dueAtMs, sent),
      ...span('StartPublishing sent -> post.publishing_started (one Kafka hop, post-service)', sent, started),
      ...span('post.publishing_started -> published_at (two Kafka hops, publisher, post-service)', started, live),
      ...span('published_at -> webhook received (one Kafka hop, dispatcher)', live, received),
    ]),
  );
}
