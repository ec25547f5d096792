import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { choosePdsNode } from './pds-node';

/** A script of this folder running `@atproto/dev-env` in a process of its own, and the JSON line it printed once started. */
export interface DevEnvProcess<Started> {
  started: Started;
  stop(): Promise<void>;
}

/**
 * Starts `script` (a file of this folder) in a process of its own (the dev-env is ESM only, which
 * the test runner's CommonJS modules cannot load), on the Node.js `choosePdsNode` prepares, with
 * `env` added to this process's environment; resolves once it printed its first line (JSON).
 * `what` names it in the messages: why it exited before it started, or while in use.
 */
export async function startDevEnvProcess<Started>(script: string, what: string, env: Record<string, string> = {}): Promise<DevEnvProcess<Started>> {
  const choice = choosePdsNode();
  if ('missing' in choice) throw new Error(`${what} cannot start: ${choice.missing}`);
  const child: ChildProcess = spawn(choice.node, [join(__dirname, script)], { stdio: ['pipe', 'pipe', 'pipe'], env: { ...process.env, ...env } });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    once(child, 'exit').then(([code]) => {
      throw new Error(`${what} exited (${code}) before it started:\n${stderr}`);
    }),
  ]);
  let stopping = false;
  // A server gone while the tests use it fails them with refused connections: say why it went.
  child.on('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`${what} exited while in use (code ${code}, signal ${signal}):\n${stderr}\n`);
  });
  return {
    started: JSON.parse(first) as Started,
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
