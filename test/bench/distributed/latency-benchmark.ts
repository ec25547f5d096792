import { resolve } from 'node:path';
import { chooseTestKafka } from '@app/messaging/testing';
import { Api } from '../support/api';
import { Benchmark } from '../support/benchmark';
import { integerSetting } from '../support/environment';
import { atMost, ms, table, targetCell, times } from '../support/report';
import { startEmbeddedService } from '../support/service-process';
import { ratio, summarize, Summary } from '../support/stats';
import { createBenchMember, postBody, prepareWorkspace } from '../support/workspaces';

/** What one client waits for, request after request. */
const REQUESTS = [
  'GET /{ws}/posts/{uuid}',
  'GET /{ws}/posts?limit=20',
  'POST /{ws}/posts (draft)',
  'POST /{ws}/posts (scheduled)',
  'GET /{ws}/posts/{uuid} right after its POST',
] as const;
type RequestKind = (typeof REQUESTS)[number];

/** The targets on a real broker: reads from the gateway's read model, commands over one request/reply. */
const TARGET_P50_MS: Record<RequestKind, number> = {
  'GET /{ws}/posts/{uuid}': 3,
  'GET /{ws}/posts?limit=20': 3,
  'POST /{ws}/posts (draft)': 15,
  'POST /{ws}/posts (scheduled)': 15,
  // Read-your-writes: the read waits until the gateway's read model has projected the write.
  'GET /{ws}/posts/{uuid} right after its POST': 25,
};

/**
 * One client, no concurrency: BENCH_LATENCY_REQUESTS (100) of each request, in distributed mode
 * (five processes, PostgreSQL, Kafka), against the same requests on the embedded
 * service measured in the same run as the baseline.
 */
export const latencyBenchmark: Benchmark = {
  name: 'latency',
  async run() {
    const count = integerSetting('BENCH_LATENCY_REQUESTS', 100);
    const embedded = await startEmbeddedService();
    let baseline: Record<RequestKind, Summary>;
    try {
      console.log(`\n-- ${count} of each request, one after another: the embedded service first (the baseline)`);
      baseline = await measure(new Api(embedded.baseUrl, embedded.adminToken), count);
    } finally {
      await embedded.dispose();
    }
    const kafka = chooseTestKafka();
    if ('missing' in kafka) {
      console.log(`\n-- distributed mode skipped: ${kafka.missing}`);
      return;
    }
    process.env.DIST = resolve(__dirname, '../../..');
    const { DistributedSystem } = await import('../../e2e/support/distributed/distributed-system');
    console.log(`-- the same, distributed: five processes, PostgreSQL, ${kafka.kind}`);
    const system = await DistributedSystem.start({ env: { LOG_LEVEL: 'warn' } });
    let distributed: Record<RequestKind, Summary>;
    let phases: string;
    try {
      distributed = await measure(new Api(system.baseUrl, system.adminToken), count);
      phases = await commandPhases(system.baseUrl);
    } finally {
      await system.dispose();
    }
    const lines = [['', 'embedded p50', 'p99', 'distributed p50', 'p90', 'p99', 'p50 x embedded', 'target (not asserted)']];
    for (const kind of REQUESTS) {
      const [base, dist] = [baseline[kind], distributed[kind]];
      const target = atMost(`p50 <= ${TARGET_P50_MS[kind]} ms`, dist.p50, TARGET_P50_MS[kind]);
      lines.push([kind, ms(base.p50), ms(base.p99), ms(dist.p50), ms(dist.p90), ms(dist.p99), times(ratio(dist.p50, base.p50)), targetCell(target)]);
    }
    console.log(`\n${table(lines, [0, 7])}`);
    console.log(`\n${phases}`);
    console.log(
      '\n  Reads are answered from the gateway\'s own read model; a command is one request/reply over HTTP to the post-service.\n' +
        '  A read right after the client\'s own write waits until the read model shows it (relay, post-events, the gateway\'s consumer).',
    );
    if (kafka.kind === 'mock Kafka cluster') {
      console.log(
        "  The mock broker answers a fetch that finds nothing only at the end of the consumer's fetch wait (KAFKA_FETCH_WAIT_MS,\n" +
          '  100 ms), so a read after a write pays up to 100 ms more here; a real broker answers a waiting fetch as soon as a\n' +
          '  message arrives.',
      );
    }
  },
};

async function measure(admin: Api, count: number): Promise<Record<RequestKind, Summary>> {
  const member = await createBenchMember(admin, `latency${Date.now()}`);
  const workspace = await prepareWorkspace(admin, member, { name: 'Latency' });
  const api = workspace.member;
  const path = `/api/${workspace.uuid}/posts`;
  const inAnHour = () => new Date(Math.ceil(Date.now() / 1000) * 1000 + 3_600_000).toISOString();
  const post = await api.create(path, postBody('Read me', workspace.accountIds), 'a post to read');
  const timed = async (call: () => Promise<{ status: number }>, expected: number): Promise<number> => {
    const started = performance.now();
    const answer = await call();
    const spent = performance.now() - started;
    if (answer.status !== expected) throw new Error(`expected HTTP ${expected}, got ${answer.status}`);
    return spent;
  };
  const samples: Record<RequestKind, number[]> = Object.fromEntries(REQUESTS.map((kind) => [kind, []])) as unknown as Record<RequestKind, number[]>;
  // Writes, then reads of what is there: a read waits only when it follows a write of its own.
  for (let index = 0; index < count; index++) {
    samples['POST /{ws}/posts (draft)'].push(await timed(() => api.call('POST', path, postBody(`Draft ${index}`, workspace.accountIds)), 201));
    samples['POST /{ws}/posts (scheduled)'].push(await timed(() => api.call('POST', path, postBody(`Later ${index}`, workspace.accountIds, inAnHour())), 201));
  }
  await api.call('GET', `${path}?limit=20`);
  for (let index = 0; index < count; index++) {
    samples['GET /{ws}/posts/{uuid}'].push(await timed(() => api.call('GET', `${path}/${post.uuid}`), 200));
    samples['GET /{ws}/posts?limit=20'].push(await timed(() => api.call('GET', `${path}?limit=20`), 200));
  }
  for (let index = 0; index < count; index++) {
    const written = await api.create(path, postBody(`Read back ${index}`, workspace.accountIds), 'a post to read back');
    samples['GET /{ws}/posts/{uuid} right after its POST'].push(await timed(() => api.call('GET', `${path}/${written.uuid}`), 200));
  }
  return Object.fromEntries(REQUESTS.map((kind) => [kind, summarize(samples[kind])])) as Record<RequestKind, Summary>;
}

/**
 * Where a command's time went, from the gateway's `rpc_client_phase_seconds` (its own measure of
 * each request/reply to the post-service): the mean of each phase over every `posts.create` of the run.
 */
async function commandPhases(gatewayUrl: string): Promise<string> {
  const text = await (await fetch(`${gatewayUrl}/metrics`)).text();
  const series = (suffix: string, phase: string): number | null => {
    const line = text.split('\n').find((candidate) => candidate.startsWith(`rpc_client_phase_seconds_${suffix}{`) && candidate.includes('method="posts.create"') && candidate.includes(`phase="${phase}"`));
    return line === undefined ? null : Number(line.slice(line.lastIndexOf(' ') + 1));
  };
  const lines = [['POST /{ws}/posts: where the request/reply to the post-service goes', 'requests', 'mean']];
  const described: Record<string, string> = {
    transport: 'transport: sealing, the HTTP round trip, opening, on both sides',
    handle: 'handle: the post-service: checks, the event store append, the answer',
  };
  for (const [phase, label] of Object.entries(described)) {
    const [sum, count] = [series('sum', phase), series('count', phase)];
    lines.push([label, count === null ? '-' : String(count), sum === null || !count ? '-' : ms((sum / count) * 1000)]);
  }
  return table(lines, [0]);
}
