// A real Bluesky PDS and PLC directory (@atproto/dev-env, SQLite, in this process) with one
// account and an app password. Prints one JSON line with what a test needs, then serves until
// its standard input closes or it gets SIGTERM. Run by local-pds.ts in a child process: the
// dev-env is ESM only and needs Node 22 or later.
import process from 'node:process';
import { serveUntilTold } from './serve-until-told.mjs';
import { TestNetworkNoAppView } from '@atproto/dev-env';

const network = await TestNetworkNoAppView.create({});
const agent = network.pds.getAgent();
const handle = process.env.PDS_HANDLE ?? 'alice.test';
const password = 'main-password-never-used-by-the-service';
await agent.createAccount({ handle, email: `${handle}@example.test`, password });
const appPassword = await agent.com.atproto.server.createAppPassword({ name: 'publishing-service' });
// A profile picture, as the Bluesky app sets one: a blob of the repository that the profile record names.
const picture = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');
const avatar = await agent.com.atproto.repo.uploadBlob(picture, { encoding: 'image/png' });
await agent.com.atproto.repo.putRecord({
  repo: agent.assertDid,
  collection: 'app.bsky.actor.profile',
  rkey: 'self',
  record: { $type: 'app.bsky.actor.profile', displayName: 'Alice Example', avatar: avatar.data.blob },
});
const avatarCid = avatar.data.blob.ref.toString();
process.stdout.write(
  `${JSON.stringify({ url: network.pds.url, plcUrl: network.plc.url, handle, did: agent.assertDid, password, appPassword: appPassword.data.password, avatarCid })}\n`,
);

serveUntilTold(network);
