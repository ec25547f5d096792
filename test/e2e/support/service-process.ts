import { ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';

/** The built embedded service; `npm run build` makes it, the e2e suite only runs it. */
export const STANDALONE_MAIN = resolve(__dirname, '../../../dist/apps/standalone/main.js');

export interface ServiceOptions {
  /** Extra environment (RATE_LIMIT_PER_MINUTE, ...); ADMIN_TOKEN null starts without one. */
  env?: Record<string, string>;
  adminToken?: string | null;
  /** Reuse the data of an earlier run (a restart); by default a fresh temporary directory. */
  dataDir?: string;
  readyTimeoutMs?: number;
}

export interface RunningService {
  baseUrl: string;
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
}

/** How the process ended: Nest re-raises SIGTERM after its shutdown hooks, so a clean stop ends by that signal. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export const DEFAULT_ADMIN_TOKEN = 'e2e-admin-token';

export async function startService(options: ServiceOptions = {}): Promise<RunningService> {
  if (!existsSync(STANDALONE_MAIN)) throw new Error(`${STANDALONE_MAIN} is missing: run "npm run build" before the e2e suite`);
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sps-e2e-'));
  const adminToken = options.adminToken === undefined ? DEFAULT_ADMIN_TOKEN : options.adminToken;
  const port = await freePort();
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_OPTIONS: '',
    PORT: String(port),
    DATA_DIR: dataDir,
    RATE_LIMIT_PER_MINUTE: '100000',
    ...options.env,
  };
  delete env.ADMIN_TOKEN;
  if (adminToken !== null) env.ADMIN_TOKEN = adminToken;

  const child = spawn(process.execPath, [STANDALONE_MAIN], { env, stdio: ['ignore', 'pipe', 'pipe'] });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<ProcessExit>((done) => child.once('exit', (code, signal) => done({ code, signal })));

  const baseUrl = `http://127.0.0.1:${port}`;
  const stop = () => stopProcess(child, exited);
  try {
    await waitUntilReady(baseUrl, child, options.readyTimeoutMs ?? 60_000);
  } catch (error) {
    await stop();
    throw new Error(`${(error as Error).message}\n--- service output ---\n${output}`, { cause: error });
  }
  return {
    baseUrl,
    dataDir,
    adminToken,
    output: () => output,
    stop,
    kill: () => killProcess(child, exited),
    dispose: async () => {
      await stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function waitUntilReady(baseUrl: string, child: ChildProcess, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`the service exited with code ${child.exitCode} before it was ready`);
    try {
      const response = await fetch(`${baseUrl}/health/ready`);
      if (response.status === 200) return;
    } catch {
      // not listening yet
    }
    await new Promise((done) => setTimeout(done, 200));
  }
  throw new Error(`the service was not ready within ${timeoutMs} ms`);
}

async function stopProcess(child: ChildProcess, exited: Promise<ProcessExit>): Promise<ProcessExit> {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  child.kill('SIGTERM');
  const killer = setTimeout(() => child.kill('SIGKILL'), 20_000);
  try {
    return await exited;
  } finally {
    clearTimeout(killer);
  }
}

async function killProcess(child: ChildProcess, exited: Promise<ProcessExit>): Promise<ProcessExit> {
  if (child.exitCode !== null || child.signalCode !== null) return { code: child.exitCode, signal: child.signalCode };
  child.kill('SIGKILL');
  return exited;
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const server = createServer();
    server.once('error', fail);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => done(port));
    });
  });
}
