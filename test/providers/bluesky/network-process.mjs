// A real Bluesky network (@atproto/dev-env's TestNetwork: a PDS, a PLC directory, an AppView
// indexing the PDS's repositories into PostgreSQL, with Redis) and two accounts: the one the
// service publishes with (an app password) and a reader who answers its posts. Prints one JSON
// line with what a test needs, then serves until its standard input closes or it gets SIGTERM.
// Run by local-network.ts in a child process, on the Node.js the PDS runs on (see pds-node.ts).
// Needs REDIS_HOST, DB_POSTGRES_URL and DB_POSTGRES_SCHEMA (letters and _ only) in its environment.
import process from 'node:process';
import { serveUntilTold } from './serve-until-told.mjs';
import { TestNetwork } from '@atproto/dev-env';

const network = await TestNetwork.create({});
const password = 'main-password-never-used-by-the-service';

/** A new account on the network's PDS: a client of the PDS signed in as it. */
async function account(handle) {
  const client = network.pds.getAgent();
  await client.createAccount({ handle, email: `${handle}@example.test`, password });
  return client;
}

const author = await account('alice.test');
const appPassword = await author.com.atproto.server.createAppPassword({ name: 'publishing-service' });
await account('bob.test');
await network.processAll();
process.stdout.write(
  `${JSON.stringify({
    url: network.pds.url,
    author: { handle: 'alice.test', did: author.assertDid, appPassword: appPassword.data.password },
    reader: { handle: 'bob.test', password },
  })}\n`,
);

serveUntilTold(network);
