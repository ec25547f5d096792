import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

export const APP_NAMES = ['post-service', 'scheduler', 'publisher', 'webhook-dispatcher', 'gateway'] as const;
export type AppName = (typeof APP_NAMES)[number];

/** How a process ended; a SIGTERM'd Nest app re-raises the signal after its shutdown hooks. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface AppProcessSpec {
  app: AppName;
  /** INSTANCE_ID: stable across restarts of one replica, as in a StatefulSet. */
  instanceId: string;
  main: string;
  env: NodeJS.ProcessEnv;
  readyTimeoutMs: number;
}

/** Most output kept per process; older output is dropped from the front. */
const MAX_OUTPUT_CHARS = 400_000;
const STOP_GRACE_MS = 20_000;

/** One app of distributed mode running as its own process, with everything it printed. */
export class AppProcess {
  private output = '';
  private readonly child: ChildProcess;
  /** Set when the test ended the process itself (kill or stop), so that its exit is expected. */
  private endedOnPurpose = false;
  readonly exited: Promise<ProcessExit>;

  private constructor(
    readonly spec: AppProcessSpec,
    readonly port: number,
  ) {
    this.child = spawn(process.execPath, [spec.main], {
      env: { ...spec.env, PORT: String(port), INSTANCE_ID: spec.instanceId },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (this.output.length > MAX_OUTPUT_CHARS) this.output = this.output.slice(-MAX_OUTPUT_CHARS / 2);
    };
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    this.exited = new Promise((done) => this.child.once('exit', (code, signal) => done({ code, signal })));
  }

  /** Spawns the app on a free port and waits until /health/ready answers 200. */
  static async start(spec: AppProcessSpec): Promise<AppProcess> {
    const started = new AppProcess(spec, await freePort());
    const failure = await started.waitUntilReady().then(
      () => null,
      (error: Error) => error,
    );
    if (failure) {
      await started.kill();
      throw new Error(`${spec.instanceId}: ${failure.message}\n${started.tail(60)}`);
    }
    return started;
  }

  get baseUrl(): string {
    return `http://127.0.0.1:${this.port}`;
  }

  get pid(): number | undefined {
    return this.child.pid;
  }

  get running(): boolean {
    return this.child.exitCode === null && this.child.signalCode === null;
  }

  /** Ended without the test asking for it: a crash worth reporting. */
  get crashed(): boolean {
    return !this.running && !this.endedOnPurpose;
  }

  /** The last lines the process printed, headed by its name, for failure messages. */
  tail(lines = 40): string {
    const last = this.output.trimEnd().split('\n').slice(-lines).join('\n');
    const state = this.running ? 'running' : `exited (code ${this.child.exitCode}, signal ${this.child.signalCode})`;
    return `--- ${this.spec.instanceId} (pid ${this.pid}, port ${this.port}, ${state}), last ${lines} lines ---\n${last}`;
  }

  text(): string {
    return this.output;
  }

  /** SIGKILL, as a crash: no shutdown hook runs. */
  async kill(): Promise<ProcessExit> {
    this.endedOnPurpose = true;
    if (!this.running) return this.exitOf();
    this.child.kill('SIGKILL');
    return this.exited;
  }

  /** SIGTERM, then SIGKILL if the app has not stopped within the grace period. */
  async stop(): Promise<ProcessExit> {
    this.endedOnPurpose = true;
    if (!this.running) return this.exitOf();
    this.child.kill('SIGTERM');
    const killer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
    try {
      return await this.exited;
    } finally {
      clearTimeout(killer);
    }
  }

  private exitOf(): ProcessExit {
    return { code: this.child.exitCode, signal: this.child.signalCode };
  }

  private async waitUntilReady(): Promise<void> {
    const deadline = Date.now() + this.spec.readyTimeoutMs;
    while (Date.now() < deadline) {
      if (!this.running) throw new Error(`exited (code ${this.child.exitCode}, signal ${this.child.signalCode}) before it was ready`);
      try {
        const response = await fetch(`${this.baseUrl}/health/ready`, { signal: AbortSignal.timeout(2_000) });
        if (response.status === 200) return;
      } catch {
        // not listening yet
      }
      await new Promise((done) => setTimeout(done, 200));
    }
    throw new Error(`not ready within ${this.spec.readyTimeoutMs} ms`);
  }
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
