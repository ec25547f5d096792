import { eventually } from '@app/testing/eventually';
import { DiscordWebhookServer } from '../../providers/discord/discord-webhook-server';
import { LIFECYCLE_ENV, schedulePost, waitForStatus } from '../scenarios/lifecycle-fixtures';
import { adminOf, ApiClient, createdBody } from '../support/api-client';
import { approverWorkspace } from '../support/fixtures';
import { RunningService, startService } from '../support/service-process';

jest.setTimeout(120_000);

/** An account whose credentials the platform stops accepting: the built service as one process, a local Discord beside it. */
describe('an account the platform no longer accepts, embedded', () => {
  let discord: DiscordWebhookServer;
  let service: RunningService;
  let admin: ApiClient;

  beforeAll(async () => {
    discord = await DiscordWebhookServer.start();
    service = await startService({ env: { ...LIFECYCLE_ENV, PROVIDER_ALLOW_PRIVATE_URLS: 'true' } });
    admin = adminOf(service);
  });
  afterAll(async () => {
    await service?.dispose();
    await discord?.stop();
  });

  it('fails the post with the platform’s message and lists the account as not authorized, the others untouched', () =>
    service.diagnose(async () => {
      const workspace = await approverWorkspace(admin, 'Discord revoked');
      const connect = async (name: string, path: string) =>
        createdBody(await admin.post(`/api/${workspace}/accounts`, { provider: 'discord', name, credentials: { webhook_url: `${discord.url}${path}` } }), `connecting ${name}`);
      const removedPath = discord.addWebhook('Announcements');
      const removed = await connect('Removed channel', removedPath);
      const kept = await connect('Kept channel', discord.addWebhook('News'));
      expect([removed.authorized, kept.authorized]).toEqual([true, true]);
      discord.removeWebhook(removedPath);

      const post = await schedulePost(admin, workspace, [removed.id, kept.id]);
      const failed = await waitForStatus(admin, workspace, post.uuid, 'failed');

      const entries = new Map(failed.accounts.map((entry) => [entry.id, entry]));
      expect(entries.get(removed.id)?.errors.join(' ')).toContain('Unknown Webhook');
      expect(entries.get(kept.id)).toMatchObject({ errors: [], external_url: expect.any(String) });
      const authorizedOf = async () =>
        Object.fromEntries(((await admin.get(`/api/${workspace}/accounts`)).body.data as { id: number; authorized: boolean }[]).map((account) => [account.id, account.authorized]));
      await eventually(async () => !(await authorizedOf())[removed.id], 'the removed account shown as not authorized', { timeoutMs: 10_000, intervalMs: 100 });
      expect(await authorizedOf()).toEqual({ [removed.id]: false, [kept.id]: true });

      // Connected again with a new webhook: the same account, authorized, publishing again.
      const reconnect = (credentials: unknown) => admin.post(`/api/${workspace}/accounts/${removed.id}/reconnect`, { credentials });
      expect(await reconnect({ webhook_url: `${discord.url}${removedPath}` })).toMatchObject({ status: 422, body: { errors: { credentials: ['The provider rejected these credentials.'] } } });
      expect((await admin.post(`/api/${workspace}/accounts/999999/reconnect`, { credentials: {} })).status).toBe(404);
      const again = await reconnect({ webhook_url: `${discord.url}${discord.addWebhook('Announcements, again')}` });
      expect(again).toMatchObject({ status: 200, body: { id: removed.id, name: 'Removed channel', authorized: true } });
      const retried = await waitForStatus(admin, workspace, (await schedulePost(admin, workspace, [removed.id])).uuid, 'published');
      expect(retried.accounts[0]).toMatchObject({ id: removed.id, errors: [] });
    }));
});
