import { DiscordWebhookServer } from '@test/providers/discord/discord-webhook-server';
import { FaultProxy } from '@test/providers/support/fault-proxy';
import { memorySession } from '@test/providers/support/memory-session';
import { pngMedia, providerScenarios, request } from '@test/providers/support/provider-scenarios';
import { PublisherTablesOnSqlite } from '@test/providers/support/publisher-on-sqlite';
import { PostMessages } from '@app/domain';
import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection } from '../publish-provider';
import { DiscordProvider } from './discord-provider';

// Starting a local platform server (a PDS and its PLC directory for Bluesky) takes seconds on a loaded machine.
jest.setTimeout(60_000);

/** Discord webhooks against a local server answering as the API reference documents. */
describe('DiscordProvider', () => {
  let api: DiscordWebhookServer;
  let proxy: FaultProxy;
  let discord: DiscordProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    api = await DiscordWebhookServer.start();
    proxy = await FaultProxy.start(api.url);
    discord = new DiscordProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }));
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
  });

  async function connection(): Promise<ProviderConnection> {
    const credentials = { webhook_url: `${proxy.url}${api.addWebhook('Launch bot')}` };
    const verified = await discord.verify({}, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession() };
  }

  describe('the scenarios of every provider', () => {
    providerScenarios(() => ({
      provider: discord,
      proxy,
      publishPath: /^\/api\/webhooks\/\d+\/[^/]+\?wait=true$/,
      connection,
      refusedConnection: async () => ({
        accountId: nextAccount++,
        settings: {},
        credentials: { webhook_url: `${proxy.url}${api.addWebhook('Revoked').replace(/tok-[^/]+$/, 'tok-wrong')}` },
        session: memorySession(),
      }),
      overLimit: { text: 'x'.repeat(2001), message: /^Invalid Form Body \(content: Must be 2000 or fewer in length\.\)$/ },
      rateLimitHeaders: (seconds) => ({ 'x-ratelimit-limit': '5', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset-after': `${seconds}.000`, 'x-ratelimit-bucket': 'b1' }),
      publishedTexts: async (account) => api.contentsOf(new URL(String(account.credentials.webhook_url)).pathname),
      publishedMedia: async (account) => api.filesOf(new URL(String(account.credentials.webhook_url)).pathname),
    }));
  });

  it('sends media as attachments of one message (payload_json and files[n]), at most 10', async () => {
    const account = await connection();
    const images = [pngMedia(8, 8), pngMedia(9, 9), pngMedia(10, 10)];
    expect(await discord.publish(request(account, 'Three files', undefined, images))).toMatchObject({ kind: 'published' });
    const path = new URL(String(account.credentials.webhook_url)).pathname;
    expect(api.filesOf(path)).toEqual([{ text: 'Three files', files: images.map((image) => image.bytes) }]);
    expect(api.messages.at(-1)?.files.map((file) => [file.filename, file.contentType])).toEqual(images.map((image) => [`${image.id}.png`, 'image/png']));
    const eleven = Array.from({ length: 11 }, () => pngMedia(2, 2));
    expect(await discord.publish(request(account, 'Too many', undefined, eleven))).toEqual({ kind: 'rejected', message: 'A Discord message takes at most 10 attachments.' });
  });

  it('takes Retry-After over the bucket’s reset on a 429', async () => {
    const account = await connection();
    proxy.failNext(/\?wait=true$/, { answer: { status: 429, headers: { 'retry-after': '3', 'x-ratelimit-reset-after': '60' }, body: { message: 'You are being rate limited.', retry_after: 3, global: false } } });
    expect(await discord.publish(request(account, 'Too fast'))).toEqual({ kind: 'retry_later', message: 'You are being rate limited. (HTTP 429)', retryAfterMs: 3_000 });
  });

  it('verifies the webhook, named after it, and links each message in its channel', async () => {
    const account = await connection();
    expect(account.settings).toEqual({ guild_id: '111', channel_id: '222' });
    const outcome = await discord.publish(request(account, 'Shipped'));
    expect(outcome).toEqual({ kind: 'published', externalId: expect.stringMatching(/^\d+$/), externalUrl: expect.stringMatching(/^https:\/\/discord\.com\/channels\/111\/222\/\d+$/) });
    if (outcome.kind !== 'published') return;
    expect(await discord.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(api.contentsOf(new URL(String(account.credentials.webhook_url)).pathname)).toEqual([]);
  });

  it('reports the webhook’s picture when it has one, on Discord’s CDN; none otherwise', async () => {
    const pictured = api.addWebhook('Pictured', 'a1b2c3d4e5f60718293a4b5c6d7e8f90');
    const id = pictured.split('/')[3];
    expect(await discord.verify({}, { webhook_url: `${proxy.url}${pictured}` })).toMatchObject({ kind: 'verified', account: { name: 'Pictured', avatarUrl: `https://cdn.discordapp.com/avatars/${id}/a1b2c3d4e5f60718293a4b5c6d7e8f90.png` } });
    expect(await discord.verify({}, { webhook_url: `${proxy.url}${api.addWebhook('Plain')}` })).toMatchObject({ kind: 'verified', account: { name: 'Plain', avatarUrl: null } });
  });

  it('asks to reconnect when the webhook was deleted (404 Unknown Webhook)', async () => {
    expect(await discord.verify({}, { webhook_url: `${proxy.url}/api/webhooks/1/gone` })).toEqual({ kind: 'reauthorize', message: 'Unknown Webhook' });
  });

  it('publishes one content item: a version of more is refused through the publisher before anything is sent', async () => {
    const tables = await PublisherTablesOnSqlite.open();
    try {
      const account = await connection();
      await tables.keep(discord, account);
      proxy.seen.length = 0;
      const version = { account_id: 0, is_original: true, content: [{ body: 'One', media: [] }, { body: 'Two', media: [] }], options: {} };
      const key = { postUuid: '0b6f7d8e-1c2a-4e3b-9f40-5a6b7c8d9e0f', accountId: account.accountId, round: 1 };
      const result = await tables.publisher(discord).publish(key, { id: account.accountId, provider: 'discord', name: 'Launch bot', username: null }, [version]);
      expect(result).toEqual({ outcome: 'failed', externalId: null, externalUrl: null, errors: [PostMessages.oneItemOnly('discord')], items: [] });
      expect(proxy.seen).toEqual([]);
    } finally {
      await tables.close();
    }
  });

  it('needs a webhook URL', () => {
    expect(discord.validate({}, { webhook_url: 'https://example.com/not-a-webhook' })).toEqual({
      'credentials.webhook_url': ['The credentials.webhook_url field must be a Discord webhook URL.'],
    });
    expect(discord.validate({}, { webhook_url: 'https://discord.com/api/webhooks/123/abc' })).toEqual({});
  });
});
