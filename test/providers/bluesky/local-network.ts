/// <reference types="jest" />
import { spawnSync } from 'node:child_process';
import { createThrowawayDatabase, TEST_POSTGRES_URL } from '@app/persistence/testing';
import { startDevEnvProcess } from './dev-env-process';
import { choosePdsNode } from './pds-node';

/**
 * A real Bluesky network (`@atproto/dev-env`'s TestNetwork: a PDS, its PLC directory and an
 * AppView indexing it) in a child process, with two accounts on the PDS.
 */
export interface LocalNetwork {
  /** The PDS's address: where clients of its accounts call, the AppView's answers included. */
  url: string;
  /** The account the service publishes with: what it is given is the handle and an app password. */
  author: { handle: string; did: string; appPassword: string };
  /** Another account, which likes, reposts, replies to and quotes the author's posts; it signs in with its password. */
  reader: { handle: string; password: string };
  stop(): Promise<void>;
}

/** Where the AppView keeps its caches: `REDIS_HOST` (host:port), as the dev-env reads it. */
const REDIS_HOST = process.env.REDIS_HOST?.trim() || '127.0.0.1:6379';

/** The schema the AppView, its sync service and its moderation service name theirs after (letters and `_` only), in a database of the run's own. */
const SCHEMA = 'network';

/** Runs the suite when a local network can run here; otherwise says why it is skipped. */
export function describeWithLocalNetwork(name: string, body: () => void): void {
  const missing = missingForNetwork();
  if (missing) {
    process.stderr.write(`Skipping "${name}": it needs a local Bluesky network, and ${missing}.\n`);
    describe.skip(name, () => it(`needs a local Bluesky network: ${missing}`, () => undefined));
    return;
  }
  describe(name, body);
}

/**
 * Starts `network-process.mjs` in a process of its own (see startDevEnvProcess), its AppView's
 * data in a throwaway PostgreSQL database, dropped when the network stops.
 */
export async function startLocalNetwork(): Promise<LocalNetwork> {
  const database = await createThrowawayDatabase('sps_bsky');
  try {
    const env = { REDIS_HOST, DB_POSTGRES_URL: database.url, DB_POSTGRES_SCHEMA: SCHEMA };
    const { started, stop } = await startDevEnvProcess<Omit<LocalNetwork, 'stop'>>('network-process.mjs', 'The local Bluesky network', env);
    return {
      ...started,
      stop: async () => {
        await stop();
        await database.drop();
      },
    };
  } catch (error) {
    await database.drop();
    throw error;
  }
}

/** Why the network cannot run here (no Node.js for the PDS, no Redis, no PostgreSQL), or null when it can. */
function missingForNetwork(): string | null {
  const choice = choosePdsNode();
  if ('missing' in choice) return choice.missing;
  if (!answers(REDIS_HOST)) return `no Redis answers at ${REDIS_HOST} (REDIS_HOST)`;
  const postgres = new URL(TEST_POSTGRES_URL);
  const postgresAddress = `${postgres.hostname}:${postgres.port || 5432}`;
  if (!answers(postgresAddress)) return `no PostgreSQL answers at ${postgresAddress} (TEST_POSTGRES_URL)`;
  return null;
}

/** Whether something accepts a TCP connection at `host:port` within 3 s (checked while jest collects the suite, so synchronously, in a process of its own). */
function answers(address: string): boolean {
  const separator = address.lastIndexOf(':');
  const [host, port] = [address.slice(0, separator), Number(address.slice(separator + 1))];
  const probe = `require('node:net').connect({ host: ${JSON.stringify(host)}, port: ${port}, timeout: 3000 }).on('connect', () => process.exit(0)).on('error', () => process.exit(1)).on('timeout', () => process.exit(1))`;
  return spawnSync(process.execPath, ['-e', probe], { timeout: 5_000 }).status === 0;
}
