import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { diagnoseProcesses, NodeProcess, ProcessExit } from './node-process';
import type { ShiftedClock } from './shifted-clock/shifted-clock';

export type { ProcessExit } from './node-process';

/** The built embedded service; `npm run build` makes it, the e2e suite only runs it. */
export const STANDALONE_MAIN = resolve(__dirname, '../../../dist/apps/standalone/main.js');

export interface ServiceOptions {
  /** Extra environment (RATE_LIMIT_PER_MINUTE, ...); ADMIN_TOKEN null starts without one. */
  env?: Record<string, string>;
  adminToken?: string | null;
  /** Reuse the data of an earlier run (a restart); by default a fresh temporary directory. */
  dataDir?: string;
  readyTimeoutMs?: number;
  /** The port to listen on (to know the service's address before it starts); a free one when not given. */
  port?: number;
  /** A clock the test shifts: the service's process, and so its database, read it. */
  clock?: ShiftedClock;
}

export interface RunningService {
  baseUrl: string;
  /** The service's process id (its memory is in /proc/<pid>/status). */
  pid: number | undefined;
  dataDir: string;
  adminToken: string | null;
  /** Everything the process printed so far, stdout and stderr. */
  output(): string;
  /** SIGTERM, then waits for the exit (SIGKILL after 20 s). The data directory stays. */
  stop(): Promise<ProcessExit>;
  /** SIGKILL, as a crash: no shutdown hook runs. Waits for the exit; the data directory stays. */
  kill(): Promise<ProcessExit>;
  /** stop(), then deletes the data directory. */
  dispose(): Promise<void>;
  /** Runs a scenario; a failure carries the service's last output, and a crash of the service fails it. */
  diagnose<T>(work: () => Promise<T>): Promise<T>;
}

export const DEFAULT_ADMIN_TOKEN = 'e2e-admin-token-3b9f1c7a5d2e8064';

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  if (!existsSync(STANDALONE_MAIN)) throw new Error(`${STANDALONE_MAIN} is missing: run "npm run build" before the e2e suite`);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sps-e2e-'));
  const adminToken = options.adminToken === undefined ? DEFAULT_ADMIN_TOKEN : options.adminToken;
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '', DATA_DIR: dataDir, RATE_LIMIT_PER_MINUTE: '100000', RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '100000', ...options.env, ...options.clock?.env };
  delete env.ADMIN_TOKEN;
  if (adminToken !== null) env.ADMIN_TOKEN = adminToken;

  const child = await NodeProcess.start({ name: 'the service', main: STANDALONE_MAIN, env, port: options.port, readyTimeoutMs: options.readyTimeoutMs ?? 60_000 });
  return {
    baseUrl: child.baseUrl,
    pid: child.pid,
    dataDir,
    adminToken,
    output: () => child.text(),
    stop: () => child.stop(),
    kill: () => child.kill(),
    dispose: async () => {
      await child.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
    diagnose: (work) => diagnoseProcesses(() => [child], work, 60),
  };
}

