/// <reference types="jest" />
import { startDevEnvProcess } from './dev-env-process';
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

/** Starts `pds-process.mjs` in a process of its own (see startDevEnvProcess). */
export async function startLocalPds(): Promise<LocalPds> {
  const { started, stop } = await startDevEnvProcess<Omit<LocalPds, 'stop'>>('pds-process.mjs', 'The local PDS');
  return { ...started, stop };
}
