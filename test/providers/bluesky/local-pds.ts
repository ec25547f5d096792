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
  /** The CID of the account's profile picture (a blob of its repository). */
  avatarCid: string;
  stop(): Promise<void>;
}

/**
 * The Node.js the PDS runs on: `PDS_NODE` when set, else the one running the tests. The PDS keeps
 * its data with better-sqlite3, whose statements, when the garbage collector finalizes them at
 * certain moments, trip an assertion of Node.js 24 and abort the process (SIGABRT in
 * `RemoveEnvironmentCleanupHook`, now and then, under load); on Node.js 22 they do not. CI installs
 * Node.js 22 beside 24, builds better-sqlite3 for it and sets `PDS_NODE` (`.ci/run`). Only the PDS
 * loads better-sqlite3: the service itself uses `node:sqlite`.
 */
export const pdsNode = (): string => process.env.PDS_NODE?.trim() || process.execPath;

/**
 * Starts `pds-process.mjs` in a process of its own (the dev-env is ESM only, which the test
 * runner's CommonJS modules cannot load), on `pdsNode()`.
 */
export async function startLocalPds(): Promise<LocalPds> {
  const child: ChildProcess = spawn(pdsNode(), [join(__dirname, 'pds-process.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => (stderr = (stderr + chunk.toString()).slice(-4000)));
  const lines = createInterface({ input: child.stdout! });
  const first = await Promise.race([
    once(lines, 'line').then(([line]) => String(line)),
    once(child, 'exit').then(([code]) => {
      throw new Error(`The local PDS exited (${code}) before it started:\n${stderr}`);
    }),
  ]);
  const started = JSON.parse(first) as { url: string; handle: string; did: string; appPassword: string; avatarCid: string };
  let stopping = false;
  // A PDS gone while the tests use it fails them with refused connections: say why it went.
  child.on('exit', (code, signal) => {
    if (!stopping) process.stderr.write(`The local PDS exited while in use (code ${code}, signal ${signal}):\n${stderr}\n`);
  });
  return {
    ...started,
    stop: async () => {
      stopping = true;
      if (child.exitCode !== null) return;
      const exited = once(child, 'exit');
      child.kill('SIGTERM');
      await exited;
    },
  };
}
