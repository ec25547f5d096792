import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';

/** A real PDS and PLC directory (`@atproto/dev-env`) in a child process, with one account. */
export interface LocalPds {
  url: string;
  handle: string;
  did: string;
  /** An app password of the account: what the service is given. */
  appPassword: string;
  stop(): Promise<void>;
}

/**
 * Starts `pds-process.mjs` with the node running the tests: the dev-env is ESM only, which the
 * test runner's CommonJS modules cannot load, so it runs in a process of its own.
 */
export async function startLocalPds(): Promise<LocalPds> {
  const child: ChildProcess = spawn(process.execPath, [join(__dirname, 'pds-process.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    once(child, 'exit').then(([code]) => {
      throw new Error(`The local PDS exited (${code}) before it started:\n${stderr}`);
    }),
  ]);
  const started = JSON.parse(first) as { url: string; handle: string; did: string; appPassword: string };
  return {
    ...started,
    stop: async () => {
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
