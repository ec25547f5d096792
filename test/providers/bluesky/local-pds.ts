/// <reference types="jest" />
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { choosePdsNode } from './pds-node';

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

/** Runs the suite when the local PDS has a Node.js to run on (see `choosePdsNode`); otherwise says why it is skipped. */
export function describeWithLocalPds(name: string, body: () => void): void {
  const choice = choosePdsNode();
  if ('missing' in choice) {
    process.stderr.write(`Skipping "${name}": it needs the local PDS, and ${choice.missing}.\n`);
    describe.skip(name, () => it(`needs a Node.js the local PDS can run on: ${choice.missing}`, () => undefined));
    return;
  }
  describe(name, body);
}

/** Whether the local PDS has a Node.js to run on in this run. */
export const localPdsCanRun = (): boolean => !('missing' in choosePdsNode());

/** `it` when the local PDS can run, else `it.skip` after saying why (for a suite whose other tests need no PDS). */
export function itWithLocalPds(): jest.It {
  const choice = choosePdsNode();
  if (!('missing' in choice)) return it;
  process.stderr.write(`Skipping the tests on the local PDS: ${choice.missing}.\n`);
  return it.skip;
}

/**
 * Starts `pds-process.mjs` in a process of its own (the dev-env is ESM only, which the test
 * runner's CommonJS modules cannot load), on the Node.js `choosePdsNode` prepares.
 */
export async function startLocalPds(): Promise<LocalPds> {
  const choice = choosePdsNode();
  if ('missing' in choice) throw new Error(`The local PDS cannot start: ${choice.missing}`);
  const child: ChildProcess = spawn(choice.node, [join(__dirname, 'pds-process.mjs')], { stdio: ['pipe', 'pipe', 'pipe'] });
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
