import { randomUUID } from 'node:crypto';
import { eventually } from '@app/testing/eventually';
import { itWithLocalPds, LocalPds, localPdsCanRun, startLocalPds } from '../../providers/bluesky/local-pds';
import { MastodonApiServer } from '../../providers/mastodon/mastodon-api-server';
import { behindFaultProxy, FaultProxy, ProxiedPlatform } from '../../providers/support/fault-proxy';
import { LIFECYCLE_ENV, ORIGINAL, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { adminOf, ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, within } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';
import { expectOneThread, PostOnPlatform } from '../support/thread-on-platform';

jest.setTimeout(180_000);

/** An attempt held by the killed process is taken up this soon after it stops renewing it. */
const ENV = { ...LIFECYCLE_ENV, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PUBLISH_ATTEMPT_LEASE_MS: '3000' };

/**
 * A thread of three items whose third is on its way to the platform when the built service is
 * killed (kill -9): the platform receives it, the answer never comes back. Restarted on the same
 * DATA_DIR, the service goes on with the third item, replying to the second, and the platform holds
 * each item once: Bluesky (a real PDS) through the item's record key and a lookup, Mastodon
 * through the item's Idempotency-Key.
 */
describe('a thread cut off by a crash during its third item, embedded', () => {
  const itOnThePds = itWithLocalPds();
  let pds: LocalPds;
  let pdsProxy: FaultProxy;
  let mastodon: ProxiedPlatform<MastodonApiServer>;
  let service: RunningService;

  beforeAll(async () => {
    if (localPdsCanRun()) {
      pds = await startLocalPds();
      pdsProxy = await FaultProxy.start(pds.url);
    }
    mastodon = await behindFaultProxy(await MastodonApiServer.start());
  });
  afterEach(() => service?.dispose());
  afterAll(async () => {
    await mastodon?.stop();
    await pdsProxy?.stop();
    await pds?.stop();
  });

  /** Publishes a thread to the account `connect` connects, kills the service once `onPlatform` shows the third item, restarts it; the post once published. */
  async function killedDuringTheThirdItem(connect: (admin: ApiClient, workspace: string) => Promise<number>, proxy: FaultProxy, publishPath: RegExp, onPlatform: () => Promise<PostOnPlatform[]>) {
    service = await startService({ env: ENV });
    let admin = adminOf(service);
    const workspace = await approverWorkspace(admin, 'Thread cut off');
    const account = await connect(admin, workspace);
    const texts = [1, 2, 3].map((n) => `Cut off at the third, item ${n} ${randomUUID()}`);
    proxy.failNext(publishPath, { hangAfterForward: true }, new RegExp(texts[2]));
    const versions = [{ ...ORIGINAL, content: texts.map((body) => ({ body, media: [] })) }];
    const post = createdBody(await admin.post(`/api/${workspace}/posts`, { versions, accounts: [account], schedule_now: true }), 'scheduling a thread');

    await eventually(async () => (await onPlatform()).some((found) => found.text === texts[2]), 'the third item to reach the platform', within(30_000));
    expect((await service.kill()).signal).toBe('SIGKILL');
    service = await startService({ dataDir: service.dataDir, env: ENV });
    admin = adminOf(service);

    return { texts, published: await waitForStatus(admin, workspace, post.uuid, 'published', 60_000) };
  }

  itOnThePds('Bluesky: the third record is created again under its record key, refused by the PDS and found; each record once, a reply to the one before', async () => {
      const records = async (): Promise<PostOnPlatform[]> => {
        const query = new URLSearchParams({ repo: pds.did, collection: 'app.bsky.feed.post', limit: '100' });
        const listed = (await (await fetch(`${pds.url}/xrpc/com.atproto.repo.listRecords?${query}`)).json()) as { records: { uri: string; value: { text: string; reply?: { parent: { uri: string } } } }[] };
        return listed.records.map((record) => ({ id: record.uri, text: record.value.text, replyTo: record.value.reply?.parent.uri ?? null }));
      };
      const connect = async (admin: ApiClient, workspace: string) =>
        createdBody(await admin.post(`/api/${workspace}/accounts`, { provider: 'bluesky', settings: { service: pdsProxy.url }, credentials: { identifier: pds.handle, app_password: pds.appPassword } }), 'connecting Bluesky').id;
      pdsProxy.seen.length = 0;

      const { texts, published } = await killedDuringTheThirdItem(connect, pdsProxy, /com\.atproto\.repo\.createRecord/, records);

      expectOneThread(published, await records(), texts);
      // Records one and two once, the third twice (before the kill and after the restart).
      expect(pdsProxy.seen.filter((line) => line.includes('com.atproto.repo.createRecord'))).toHaveLength(4);
      expect(published.accounts[0].external_url).toMatch(new RegExp(`^https://bsky\\.app/profile/${pds.handle}/post/[2-7a-z]{13}$`));
  });

  it('Mastodon: the third status is sent again with its own Idempotency-Key and answered with the first; each status once, a reply to the one before', async () => {
      const token = mastodon.platform.addAccount('threads', 'Thread Writer');
      const statuses = async (): Promise<PostOnPlatform[]> => mastodon.platform.threadOf(token).map(({ id, text, inReplyToId }) => ({ id, text, replyTo: inReplyToId }));
      const connect = async (admin: ApiClient, workspace: string) =>
        createdBody(await admin.post(`/api/${workspace}/accounts`, { provider: 'mastodon', settings: { instance: mastodon.proxy.url }, credentials: { access_token: token } }), 'connecting Mastodon').id;
      mastodon.proxy.seen.length = 0;

      const { texts, published } = await killedDuringTheThirdItem(connect, mastodon.proxy, /^\/api\/v1\/statuses$/, statuses);

      expectOneThread(published, await statuses(), texts);
      // Items one and two once, the third twice (before the kill and after the restart).
      expect(mastodon.proxy.seen.filter((line) => line === 'POST /api/v1/statuses')).toHaveLength(4);
      expect(published.accounts[0].external_url).toMatch(/\/@threads\/\d+$/);
  });
});
