import { ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { errorMessage } from '@app/errors';
import { eventually } from '@app/testing/eventually';

/** How a process ended; a SIGTERM'd Nest app re-raises the signal after its shutdown hooks. */
export interface ProcessExit {
  code: number | null;
  signal: NodeJS.Signals | null;
}

export interface NodeProcessSpec {
  /** Names the process in failure messages and log files. */
  name: string;
  /** The port to listen on; a free one when not given. */
  port?: number;
  main: string;
  /** The environment as a whole; PORT is added. */
  env: NodeJS.ProcessEnv;
  readyTimeoutMs: number;
}

/** Most output kept per process; older output is dropped from the front. */
const MAX_OUTPUT_CHARS = 400_000;
const STOP_GRACE_MS = 20_000;

/** A built app of the service running as its own process on a free port, with everything it printed. */
export class NodeProcess<Spec extends NodeProcessSpec = NodeProcessSpec> {
  private output = '';
  private readonly child: ChildProcess;
  /** Set when the test ended the process itself (kill or stop), so that its exit is expected. */
  private endedOnPurpose = false;
  readonly exited: Promise<ProcessExit>;

  private constructor(
    readonly spec: Spec,
    readonly port: number,
  ) {
    this.child = spawn(process.execPath, [spec.main], { env: { ...spec.env, PORT: String(port) }, stdio: ['ignore', 'pipe', 'pipe'] });
    const collect = (chunk: Buffer) => {
      this.output += chunk.toString();
      if (this.output.length > MAX_OUTPUT_CHARS) this.output = this.output.slice(-MAX_OUTPUT_CHARS / 2);
    };
    this.child.stdout?.on('data', collect);
    this.child.stderr?.on('data', collect);
    this.exited = new Promise((done) => this.child.once('exit', (code, signal) => done({ code, signal })));
  }

  /** Spawns the app on a free port and waits until /health/ready answers 200. */
  static async start<Spec extends NodeProcessSpec>(spec: Spec): Promise<NodeProcess<Spec>> {
    const started = new NodeProcess(spec, spec.port ?? (await freePort()));
    const failure = await started.waitUntilReady().then(
      () => null,
      (error: Error) => error,
    );
    if (failure) {
      await started.kill();
      throw new Error(`${spec.name}: ${failure.message}\n${started.tail(60)}`, { cause: failure });
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
    return `--- ${this.spec.name} (pid ${this.pid}, port ${this.port}, ${this.running ? 'running' : this.describeExit()}), last ${lines} lines ---\n${last}`;
  }

  /** What the process printed, stdout and stderr. */
  text(): string {
    return this.output;
  }

  /** SIGKILL, as a crash: no shutdown hook runs. */
  kill(): Promise<ProcessExit> {
    return this.end('SIGKILL');
  }

  /** SIGTERM, then SIGKILL if the app has not stopped within the grace period. */
  async stop(): Promise<ProcessExit> {
    const killer = setTimeout(() => this.child.kill('SIGKILL'), STOP_GRACE_MS);
    try {
      return await this.end('SIGTERM');
    } finally {
      clearTimeout(killer);
    }
  }

  private async end(signal: NodeJS.Signals): Promise<ProcessExit> {
    this.endedOnPurpose = true;
    if (!this.running) return { code: this.child.exitCode, signal: this.child.signalCode };
    this.child.kill(signal);
    return this.exited;
  }

  private describeExit(): string {
    return `exited (code ${this.child.exitCode}, signal ${this.child.signalCode})`;
  }

  private async waitUntilReady(): Promise<void> {
    const ready = async (): Promise<boolean> => {
      if (!this.running) throw new Error(`${this.describeExit()} before it was ready`);
      const response = await fetch(`${this.baseUrl}/health/ready`, { signal: AbortSignal.timeout(2_000) }).catch(() => null); // not listening yet
      return response?.status === 200;
    };
    await eventually(ready, 'GET /health/ready to answer 200', { timeoutMs: this.spec.readyTimeoutMs, intervalMs: 200 });
  }
}

export function freePort(): Promise<number> {
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

/**
 * Runs `work` against these processes: a failure carries their last output, and a process that
 * ended on its own fails the work even if its checks passed.
 */
export async function diagnoseProcesses<T>(processes: () => readonly NodeProcess[], work: () => Promise<T>, lines = 40): Promise<T> {
  const explained = (error: unknown) => {
    const message = errorMessage(error);
    const output = processes().map((child) => child.tail(lines)).join('\n');
    const withOutput = new Error(`${message}\n\nOutput of the processes:\n${output}`, { cause: error });
    if (error instanceof Error && error.stack) withOutput.stack = `${withOutput.message}\n${error.stack.split('\n').slice(1).join('\n')}`;
    return withOutput;
  };
  let result: T;
  try {
    result = await work();
  } catch (error) {
    throw explained(error);
  }
  const crashed = processes().filter((child) => child.crashed);
  if (crashed.length > 0) throw explained(new Error(`Processes crashed: ${crashed.map((child) => child.spec.name).join(', ')}`));
  return result;
}
