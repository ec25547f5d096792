import autocannon from 'autocannon';
import { Benchmark } from '../support/benchmark';
import { BenchFailure } from '../support/bench-failure';
import { integerSetting } from '../support/environment';
import { atLeast, ms, percent, table, targetCell } from '../support/report';
import { secondPrecision } from '../support/workspaces';
import { HttpServer, startBaselineServer, startServiceServer } from './http-servers';

/** One kind of request, built for either server from what it was seeded with. */
interface Endpoint {
  label: string;
  kind: 'GET' | 'POST';
  /** autocannon's options, but the path apart from the server's address. */
  options(server: HttpServer): Omit<autocannon.Options, 'url' | 'connections' | 'duration'> & { path?: string };
}

const DAY_MS = 86_400_000;
const GET_TARGET = 0.85;
const POST_TARGET = 0.6;

const ENDPOINTS: readonly Endpoint[] = [
  { label: 'GET /{ws}/accounts', kind: 'GET', options: (server) => ({ method: 'GET', ...authorized(server, `/api/${server.workspaceUuid}/accounts`) }) },
  {
    label: 'GET /{ws}/posts/{uuid}',
    kind: 'GET',
    options: (server) => {
      let next = 0;
      const paths = server.postUuids.map((uuid) => `/api/${server.workspaceUuid}/posts/${uuid}`);
      // Each request reads another seeded post, so that no answer comes from a cache of the last one.
      return { method: 'GET', ...authorized(server, ''), requests: [{ setupRequest: (request) => ({ ...request, path: paths[next++ % paths.length] }) }] };
    },
  },
  { label: 'GET /{ws}/posts?limit=20', kind: 'GET', options: (server) => ({ method: 'GET', ...authorized(server, `/api/${server.workspaceUuid}/posts?limit=20`) }) },
  { label: 'POST /{ws}/posts (draft)', kind: 'POST', options: (server) => postOptions(server, null) },
  { label: 'POST /{ws}/posts (scheduled)', kind: 'POST', options: (server) => postOptions(server, secondPrecision(Math.ceil((Date.now() + DAY_MS) / 1000) * 1000)) },
];

function authorized(server: HttpServer, path: string) {
  return { path, headers: { authorization: `Bearer ${server.token}` } };
}

function postOptions(server: HttpServer, scheduledAt: string | null) {
  const body = {
    versions: [{ account_id: 0, is_original: true, content: [{ body: 'Load test post', media: [] }], options: {} }],
    accounts: server.accountIds.slice(0, 2),
    ...(scheduledAt ? { schedule: true, scheduled_at: scheduledAt } : {}),
  };
  return {
    method: 'POST' as const,
    path: `/api/${server.workspaceUuid}/posts`,
    headers: { authorization: `Bearer ${server.token}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  };
}

interface Measured {
  perSecond: number;
  p50: number;
  p99: number;
  failed: number;
}

async function measure(server: HttpServer, endpoint: Endpoint, connections: number, duration: number): Promise<Measured> {
  const { path, ...options } = endpoint.options(server);
  const run = (seconds: number) => autocannon({ url: `${server.baseUrl}${path ?? ''}`, connections, duration: seconds, ...options });
  await run(Math.min(2, duration)); // warm-up: JIT, caches, connections; not counted
  const result = await run(duration);
  return { perSecond: result['2xx'] / result.duration, p50: result.latency.p50, p99: result.latency.p99, failed: result.errors + result.non2xx };
}

/**
 * Each endpoint under BENCH_HTTP_CONNECTIONS (10) connections for BENCH_HTTP_SECONDS (10) after a
 * 2 s warm-up, first on the embedded service, then on the bare Fastify baseline; both run as
 * their own processes, autocannon in this one.
 */
export const httpBenchmark: Benchmark = {
  name: 'http',
  async run() {
    const duration = integerSetting('BENCH_HTTP_SECONDS', 10);
    const connections = integerSetting('BENCH_HTTP_CONNECTIONS', 10);
    const seed = { accounts: 3, posts: integerSetting('BENCH_HTTP_SEED_POSTS', 200) };
    console.log(`\n-- ${connections} connections, ${duration} s per endpoint and server; ${seed.posts} draft posts and ${seed.accounts} sandbox accounts seeded in each`);
    const [service, baseline] = await Promise.all([startServiceServer(seed), startBaselineServer(seed)]);
    try {
      const lines: string[][] = [['', 'service req/s', 'p50', 'p99', 'baseline req/s', 'p50', 'p99', 'service/baseline', 'target (not asserted)']];
      const failures: string[] = [];
      for (const endpoint of ENDPOINTS) {
        const ours = await measure(service, endpoint, connections, duration);
        const theirs = await measure(baseline, endpoint, connections, duration);
        for (const [name, figures] of [['service', ours], ['baseline', theirs]] as const) {
          if (figures.failed > 0) failures.push(`${endpoint.label} on the ${name}: ${figures.failed} requests failed or were not 2xx`);
        }
        const share = theirs.perSecond > 0 ? ours.perSecond / theirs.perSecond : null;
        const goal = endpoint.kind === 'GET' ? GET_TARGET : POST_TARGET;
        lines.push([
          endpoint.label,
          Math.round(ours.perSecond).toString(),
          ms(ours.p50),
          ms(ours.p99),
          Math.round(theirs.perSecond).toString(),
          ms(theirs.p50),
          ms(theirs.p99),
          percent(share),
          targetCell(atLeast(`>= ${percent(goal)} of the baseline`, share, goal)),
        ]);
      }
      console.log(`\n${table(lines, [0, 8])}`);
      console.log('  Baseline: bare Fastify 5 and node:sqlite (WAL), its own schema: token by sha256 hash, membership, the same reads and writes (post row + event row).');
      if (failures.length > 0) throw new BenchFailure(`requests failed, so the figures above are not comparable:\n${failures.join('\n')}`);
    } finally {
      await Promise.allSettled([service.dispose(), baseline.dispose()]);
    }
  },
};
