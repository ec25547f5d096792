import { openSqliteDatabase } from '@app/persistence';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { MastodonApiServer } from '../../providers/mastodon/mastodon-api-server';
import { behindFaultProxy, ProxiedPlatform } from '../../providers/support/fault-proxy';
import { LIFECYCLE_ENV, schedulePost, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { adminOf, ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

/** How long the gateway waits for an account to be connected. */
const CONNECT_TIMEOUT_MS = 10_000;

/** Platforms that answer too slowly or with what the service must not keep: the built service as one process, a local Mastodon beside it. */
describe('a platform that misbehaves, embedded', () => {
  let local: ProxiedPlatform<MastodonApiServer>;
  let service: RunningService;
  let admin: ApiClient;
  /** How long the instance takes to answer each of the two calls of a connect (the account, the instance's limits). */
  let answerTakesMs = 0;

  beforeAll(async () => {
    local = await behindFaultProxy(await MastodonApiServer.start(), async (path) => {
      if (/verify_credentials|\/api\/v2\/instance/.test(path)) await sleep(answerTakesMs);
      return null;
    });
    service = await startService({ env: { ...LIFECYCLE_ENV, PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
    admin = adminOf(service);
  });
  afterAll(async () => {
    await service?.dispose();
    await local?.stop();
  });

  const listedIds = async (workspace: string): Promise<number[]> => ((await admin.get(`/api/${workspace}/accounts`)).body.data as { id: number }[]).map((account) => account.id);

  it('a post the platform gives a javascript: address for is published without a link', () =>
    service.diagnose(async () => {
      const { platform: mastodon, proxy } = local;
      const workspace = await approverWorkspace(admin, 'Tricked');
      const account = createdBody(
        await admin.post(`/api/${workspace}/accounts`, { provider: 'mastodon', settings: { instance: proxy.url }, credentials: { access_token: mastodon.addAccount('trickster', 'Trickster') } }),
        'connecting',
      );
      proxy.failNext(/^\/api\/v1\/statuses$/, { answer: { status: 200, body: { id: '777', url: 'javascript:alert(document.cookie)', uri: 'javascript:alert(1)', visibility: 'public' } } });

      const published = await waitForStatus(admin, workspace, (await schedulePost(admin, workspace, [account.id])).uuid, 'published');

      expect(published.accounts).toEqual([expect.objectContaining({ id: account.id, external_url: null, errors: [] })]);
    }));

  it('a connect whose check with the platform outlasts the wait is answered 503 in time and leaves no account on either side; a later connect works', () =>
    service.diagnose(async () => {
      const workspace = await approverWorkspace(admin, 'Kept waiting');
      const token = local.platform.addAccount('slowpoke', 'Slow Poke');
      const connect = () => admin.post(`/api/${workspace}/accounts`, { provider: 'mastodon', settings: { instance: local.proxy.url }, credentials: { access_token: token } });
      // Each call answers within its own deadline; the two together take longer than the gateway waits.
      answerTakesMs = 6_000;
      const sentAt = Date.now();

      const late = await connect();

      expect(late.status).toBe(503);
      expect(Date.now() - sentAt).toBeLessThan(CONNECT_TIMEOUT_MS);
      // Until the platform has answered both calls, and a little more.
      await sleep(Math.max(0, sentAt + 2 * answerTakesMs + 1_000 - Date.now()));
      expect(await listedIds(workspace)).toEqual([]);

      answerTakesMs = 0;
      const account = createdBody(await connect(), 'connecting in time');
      expect(account).toMatchObject({ provider: 'mastodon', name: 'Slow Poke', authorized: true });
      expect(await listedIds(workspace)).toEqual([account.id]);

      await service.stop();
      const database = openSqliteDatabase(join(service.dataDir, 'service.db'));
      try {
        const held = await database.kysely.selectFrom('publisher_accounts').select('account_id').where('workspace_uuid', '=', workspace).execute();
        expect(held.map((row) => Number(row.account_id))).toEqual([account.id]);
      } finally {
        await database.close();
      }
    }));
});
