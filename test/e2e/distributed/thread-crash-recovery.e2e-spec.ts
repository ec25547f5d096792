import { randomUUID } from 'node:crypto';
import { describeWithKafka } from '@app/messaging/testing';
import { eventually } from '@app/testing/eventually';
import { MastodonApiServer } from '../../providers/mastodon/mastodon-api-server';
import { behindFaultProxy, ProxiedPlatform } from '../../providers/support/fault-proxy';
import { LIFECYCLE_ENV, ORIGINAL, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace, within } from '../support/fixtures';
import { expectOneThread, PostOnPlatform } from '../support/thread-on-platform';
import { DistributedSystem } from '../support/distributed/distributed-system';

jest.setTimeout(300_000);

/** The restarted publisher takes up the killed one's attempt this soon after it stopped renewing it. */
const ENV = { ...LIFECYCLE_ENV, PROVIDER_ALLOW_PRIVATE_URLS: 'true', PUBLISH_ATTEMPT_LEASE_MS: '3000' };

/**
 * A thread of three items whose third is on its way to Mastodon when the publisher app is killed
 * (kill -9): Mastodon receives it, the answer never comes back. The publisher started again goes
 * on with the third item, replying to the second, and Mastodon holds each item once (the item's
 * Idempotency-Key answers the status the first try created).
 */
describeWithKafka('distributed: a thread cut off by kill -9 of the publisher during its third item', () => {
  let mastodon: ProxiedPlatform<MastodonApiServer>;
  let system: DistributedSystem;

  beforeAll(async () => {
    mastodon = await behindFaultProxy(await MastodonApiServer.start());
    system = await DistributedSystem.start({ env: ENV });
  });
  afterAll(async () => {
    await system?.dispose();
    await mastodon?.stop();
  });

  it('each status once, a reply to the one before; the post published with every item listed', () =>
    system.diagnose(async () => {
      const admin = new ApiClient(system.baseUrl, system.adminToken);
      const workspace = await approverWorkspace(admin, 'Thread cut off');
      const token = mastodon.platform.addAccount('threads', 'Thread Writer');
      const account = createdBody(
        await admin.post(`/api/${workspace}/accounts`, { provider: 'mastodon', settings: { instance: mastodon.proxy.url }, credentials: { access_token: token } }),
        'connecting Mastodon',
      ).id;
      const statuses = async (): Promise<PostOnPlatform[]> => mastodon.platform.threadOf(token).map(({ id, text, inReplyToId }) => ({ id, text, replyTo: inReplyToId }));
      const texts = [1, 2, 3].map((n) => `Distributed thread, item ${n} ${randomUUID()}`);
      mastodon.proxy.seen.length = 0;
      mastodon.proxy.failNext(/^\/api\/v1\/statuses$/, { hangAfterForward: true }, new RegExp(texts[2]));

      const versions = [{ ...ORIGINAL, content: texts.map((body) => ({ body, media: [] })) }];
      const post = createdBody(await admin.post(`/api/${workspace}/posts`, { versions, accounts: [account], schedule_now: true }), 'scheduling a thread');
      await eventually(async () => (await statuses()).some((status) => status.text === texts[2]), 'the third item to reach Mastodon', within(60_000));
      await system.kill('publisher');
      await system.restart('publisher');

      const published = await waitForStatus(admin, workspace, post.uuid, 'published', 150_000);
      expectOneThread(published, await statuses(), texts);
      // Items one and two once, the third twice (before the kill and after the restart).
      expect(mastodon.proxy.seen.filter((line) => line === 'POST /api/v1/statuses')).toHaveLength(4);
    }));
});
