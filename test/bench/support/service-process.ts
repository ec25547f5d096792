import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { NodeProcess } from '../../e2e/support/node-process';
import { BenchFailure } from './bench-failure';

/** The built embedded service, next to this file in the same build (dist/). */
export const STANDALONE_MAIN = resolve(__dirname, '../../../apps/standalone/main.js');

/** Settings of the benchmark's environment that would point the service somewhere else. */
const FOREIGN_ENV = ['DATA_DIR', 'PORT', 'DATABASE_URL', 'KAFKA_BROKERS', 'EVENTSTORE_URL', 'EVENTSTORE_PG_URL', 'OTEL_EXPORTER_OTLP_ENDPOINT', 'OTEL_TRACES_EXPORTER'];

/** What a benchmark needs of a running service, in either mode. */
export interface ServiceUnderTest {
  baseUrl: string;
  adminToken: string;
  /** Processes whose memory is reported, by name. */
  processes(): { name: string; pid: number }[];
  /** The last lines the service printed, for failure messages. */
  tail(): string;
}

export interface EmbeddedService extends ServiceUnderTest {
  pid: number;
  /** SIGTERM, waits for the exit, deletes the data directory. */
  dispose(): Promise<void>;
}

/** The Node.js options the service runs with (`npm start`, the image's NODE_OPTIONS); test/deploy checks they agree. */
export const SERVICE_NODE_OPTIONS = '--max-semi-space-size=16';

/**
 * The embedded service (`node dist/apps/standalone/main.js`, or `main` of another build) as its
 * own process, on a fresh temporary DATA_DIR, a free port and a random admin token; `env` adds settings.
 */
export async function startEmbeddedService(env: Record<string, string> = {}, main = STANDALONE_MAIN): Promise<EmbeddedService> {
  if (!existsSync(main)) throw new BenchFailure(`${main} is missing: run the benchmarks with "npm run bench", which builds first`);
  const dataDir = mkdtempSync(join(tmpdir(), 'sps-bench-'));
  const adminToken = randomBytes(24).toString('base64url');
  const childEnv: NodeJS.ProcessEnv = { ...process.env };
  for (const name of FOREIGN_ENV) delete childEnv[name];
  Object.assign(childEnv, {
    // As `npm start` and the image run it; BENCH_SERVICE_NODE_OPTIONS adds to it, e.g. to profile:
    // "--cpu-prof --cpu-prof-dir=profiles".
    NODE_OPTIONS: [SERVICE_NODE_OPTIONS, process.env.BENCH_SERVICE_NODE_OPTIONS ?? ''].join(' ').trim(),
    NO_COLOR: '1',
    DATA_DIR: dataDir,
    ADMIN_TOKEN: adminToken,
    // Info logs would print several lines per post; warnings and errors still show.
    LOG_LEVEL: 'warn',
    RATE_LIMIT_PER_MINUTE: '100000000',
    WEBHOOK_ALLOW_PRIVATE_URLS: 'true',
    ...env,
  });
  let child: NodeProcess;
  try {
    child = await NodeProcess.start({ name: 'the embedded service', main, env: childEnv, readyTimeoutMs: 120_000 });
  } catch (error) {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  }
  const pid = child.pid!;
  return {
    baseUrl: child.baseUrl,
    adminToken,
    pid,
    processes: () => [{ name: 'standalone', pid }],
    tail: () => child.tail(30),
    dispose: async () => {
      try {
        await child.stop();
      } finally {
        rmSync(dataDir, { recursive: true, force: true });
      }
    },
  };
}
