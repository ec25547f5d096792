import { FaultProxy } from '@test/providers/support/fault-proxy';
import { MastodonApiServer } from '@test/providers/mastodon/mastodon-api-server';
import { memorySession } from '@test/providers/support/memory-session';
import { threadScenarios, ThreadTarget } from '@test/providers/support/thread-scenarios';
import { pngMedia, providerScenarios, request } from '@test/providers/support/provider-scenarios';
import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection } from '../publish-provider';
import { MastodonProvider } from './mastodon-provider';

// Starting a local platform server (a PDS and its PLC directory for Bluesky) takes seconds on a loaded machine.
jest.setTimeout(60_000);

/** Mastodon against a local server answering as the API reference documents, with a 640-character instance. */
describe('MastodonProvider', () => {
  let api: MastodonApiServer;
  let proxy: FaultProxy;
  let mastodon: MastodonProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    api = await MastodonApiServer.start(640);
    proxy = await FaultProxy.start(api.url);
    mastodon = new MastodonProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }), { intervalMs: 10, maxPolls: 5 });
  });
  afterAll(async () => {
    await proxy?.stop();
    await api?.stop();
  });

  async function connection(): Promise<ProviderConnection> {
    const credentials = { access_token: api.addAccount(`user${nextAccount}`, 'Ada Example') };
    const verified = await mastodon.verify({ instance: proxy.url }, credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession() };
  }

  const target = (): ThreadTarget => ({
    provider: mastodon,
    proxy,
    publishPath: /^\/api\/v1\/statuses$/,
    connection,
    refusedConnection: async () => ({ accountId: nextAccount++, settings: { instance: proxy.url }, credentials: { access_token: 'revoked' }, session: memorySession() }),
    overLimit: { text: 'x'.repeat(641), message: /^Validation failed: Text character limit of 640 exceeded$/ },
    rateLimitHeaders: (seconds) => ({ 'x-ratelimit-limit': '300', 'x-ratelimit-remaining': '0', 'x-ratelimit-reset': new Date(Date.now() + seconds * 1000).toISOString() }),
    publishedTexts: async (account) => api.textsOf(String(account.credentials.access_token)),
    publishedMedia: async (account) => api.mediaOf(String(account.credentials.access_token)),
    threadOf: async (account) => api.threadOf(String(account.credentials.access_token)).map(({ id, text, inReplyToId }) => ({ id, text, replyTo: inReplyToId })),
  });

  describe('the scenarios of every provider', () => providerScenarios(target));
  describe('a version published as a thread', () => threadScenarios(target));

  it('verifies the token, reports the handle, display name and picture, and keeps the instance’s max_characters in the settings', async () => {
    const token = api.addAccount('ada', 'Ada Lovelace');
    expect(await mastodon.verify({ instance: `${proxy.url}/` }, { access_token: token })).toEqual({
      kind: 'verified',
      account: { username: `ada@${new URL(proxy.url).host}`, name: 'Ada Lovelace', avatarUrl: api.avatarOf('ada'), settings: { instance: proxy.url, max_characters: 640 } },
    });
    expect(await mastodon.verify({ instance: proxy.url }, { access_token: 'nope' })).toEqual({ kind: 'reauthorize', message: 'The access token is invalid' });
  });

  it('publishes with the status url as the external url, sending the same Idempotency-Key on every try', async () => {
    const account = await connection();
    const same = request(account, 'Hello, fediverse');
    const first = await mastodon.publish(same);
    expect(first).toEqual({ kind: 'published', externalId: expect.any(String), externalUrl: expect.stringMatching(/\/@user\d+\/\d+$/) });
    expect(await mastodon.publish(same)).toEqual(first);
    expect(api.textsOf(String(account.credentials.access_token))).toEqual(['Hello, fediverse']);
  });

  it('puts the version’s Mastodon options on the status: sensitive and the content warning (spoiler_text); none when absent', async () => {
    const account = await connection();
    const token = String(account.credentials.access_token);
    const warned = { ...request(account, 'The ending, explained'), options: { mastodon: { sensitive: true, spoiler_text: 'Spoilers: the finale' }, x: { ignored: true } } };
    expect(await mastodon.publish(warned)).toMatchObject({ kind: 'published' });
    expect(await mastodon.publish(request(account, 'Plain'))).toMatchObject({ kind: 'published' });
    expect(api.warningsOf(token)).toEqual([
      { text: 'The ending, explained', sensitive: true, spoiler_text: 'Spoilers: the finale' },
      { text: 'Plain', sensitive: false, spoiler_text: '' },
    ]);
  });

  it('uploads media with POST /api/v2/media, waits while the instance answers 202 then 206, and attaches them by id', async () => {
    const account = await connection();
    const images = [pngMedia(20, 10), pngMedia(10, 20)];
    api.processingLooks = 2;
    proxy.seen.length = 0;
    const outcome = await mastodon.publish(request(account, 'Two pictures', undefined, images));
    api.processingLooks = 1;
    expect(outcome).toMatchObject({ kind: 'published' });
    expect(proxy.seen).toEqual([
      'POST /api/v2/media',
      expect.stringMatching(/^GET \/api\/v1\/media\/\d+$/),
      expect.stringMatching(/^GET \/api\/v1\/media\/\d+$/),
      expect.stringMatching(/^GET \/api\/v1\/media\/\d+$/),
      'POST /api/v2/media',
      expect.stringMatching(/^GET \/api\/v1\/media\/\d+$/),
      expect.stringMatching(/^GET \/api\/v1\/media\/\d+$/),
      expect.stringMatching(/^GET \/api\/v1\/media\/\d+$/),
      'POST /api/v1/statuses',
    ]);
    expect(api.mediaOf(String(account.credentials.access_token))).toEqual([{ text: 'Two pictures', files: images.map((image) => image.bytes) }]);
  });

  it('tries again later when the instance is still processing after the last look, and rejects a file it refuses with its message', async () => {
    const account = await connection();
    api.processingLooks = 50;
    expect(await mastodon.publish(request(account, 'Slow video', undefined, [pngMedia(4, 4)]))).toMatchObject({ kind: 'retry_later', message: expect.stringContaining('still processing') });
    api.processingLooks = 1;
    proxy.failNext(/^\/api\/v2\/media$/, { answer: { status: 422, body: { error: 'Validation failed: File content type is invalid' } } });
    expect(await mastodon.publish(request(account, 'Refused', undefined, [pngMedia(4, 4)]))).toEqual({ kind: 'rejected', message: 'Validation failed: File content type is invalid' });
    expect(api.textsOf(String(account.credentials.access_token))).toEqual([]);
  });

  it('deletes a status', async () => {
    const account = await connection();
    const outcome = await mastodon.publish(request(account, 'Short-lived'));
    if (outcome.kind !== 'published') throw new Error('expected published');
    expect(await mastodon.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(api.textsOf(String(account.credentials.access_token))).toEqual([]);
  });

  it('refuses the instance URL at validation when it is missing or not a URL', () => {
    expect(mastodon.validate({}, {})).toEqual({
      'settings.instance': ['The settings.instance field must be a valid URL.'],
      'credentials.access_token': ['The credentials.access_token field is required.'],
    });
  });
});
