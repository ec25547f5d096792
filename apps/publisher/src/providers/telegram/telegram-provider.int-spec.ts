import { LocalTelegram, startLocalTelegram } from '../../../../../test/providers/telegram/local-telegram';
import { memorySession } from '../../../../../test/providers/support/memory-session';
import { providerScenarios, request } from '../../../../../test/providers/support/provider-scenarios';
import { ProviderHttp } from '../http/provider-http';
import { ProviderConnection } from '../publish-provider';
import { TelegramProvider } from './telegram-provider';

/** Telegram against telegram-test-api, a real HTTP server of the Bot API. */
describe('TelegramProvider', () => {
  let telegram: LocalTelegram;
  let provider: TelegramProvider;
  let nextAccount = 1;

  beforeAll(async () => {
    telegram = await startLocalTelegram();
    provider = new TelegramProvider(new ProviderHttp({ allowPrivateUrls: true, timeoutMs: 1_000 }));
  });
  afterAll(() => telegram?.stop());

  const settings = (chat: string | number = '@launch_news') => ({ chat_id: chat, api_url: telegram.proxy.url });

  async function connection(): Promise<ProviderConnection> {
    const credentials = { bot_token: telegram.addBot() };
    const verified = await provider.verify(settings(), credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession() };
  }

  describe('the scenarios of every provider', () => {
    providerScenarios(() => ({
      provider,
      proxy: telegram.proxy,
      publishPath: /\/sendMessage$/,
      connection,
      refusedConnection: async () => ({ accountId: nextAccount++, settings: settings(), credentials: { bot_token: '1:revoked' }, session: memorySession() }),
      overLimit: { text: 'x'.repeat(4097), message: /^Bad Request: message is too long$/ },
      rateLimitHeaders: (seconds) => ({ 'retry-after': String(seconds) }),
      publishedTexts: async (account) => telegram.textsOf(String(account.credentials.bot_token)),
    }));
  });

  it('reads the wait from retry_after in the body of a 429', async () => {
    const account = await connection();
    telegram.proxy.failNext(/\/sendMessage$/, {
      answer: { status: 429, body: { ok: false, error_code: 429, description: 'Too Many Requests: retry after 7', parameters: { retry_after: 7 } } },
    });
    expect(await provider.publish(request(account, 'Slow down'))).toEqual({ kind: 'retry_later', message: 'Too Many Requests: retry after 7 (HTTP 429)', retryAfterMs: 7_000 });
  });

  it('asks to reconnect when the bot was removed from the channel (403)', async () => {
    const account = await connection();
    telegram.proxy.failNext(/\/sendMessage$/, { answer: { status: 403, body: { ok: false, error_code: 403, description: 'Forbidden: bot was kicked from the channel chat' } } });
    expect(await provider.publish(request(account, 'Gone'))).toEqual({ kind: 'reauthorize', message: 'Forbidden: bot was kicked from the channel chat' });
  });

  it('verifies the bot token and names the account after the channel', async () => {
    expect(await provider.verify(settings(), { bot_token: telegram.addBot() })).toEqual({
      kind: 'verified',
      account: { username: '@launch_news', name: 'Test First name', settings: settings() },
    });
    expect(await provider.verify(settings(), { bot_token: '1:unknown' })).toEqual({ kind: 'reauthorize', message: 'Unauthorized' });
  });

  it('links a message of a public channel', async () => {
    const account = await connection();
    expect(await provider.publish(request(account, 'Launch day'))).toEqual({
      kind: 'published',
      externalId: expect.stringMatching(/^@launch_news:\d+$/),
      externalUrl: expect.stringMatching(/^https:\/\/t\.me\/launch_news\/\d+$/),
    });
  });

  it('publishes to a private chat by its numeric id, without a link, and deletes the message', async () => {
    // telegram-test-api deletes by numeric chat id only (the Bot API also takes @channelusername).
    const account = { ...(await connection()), settings: settings(-1001234567890) };
    const outcome = await provider.publish(request(account, 'Team only'));
    expect(outcome).toEqual({ kind: 'published', externalId: expect.stringMatching(/^-1001234567890:\d+$/), externalUrl: null });
    if (outcome.kind !== 'published') return;
    expect(await provider.delete({ connection: account, externalId: outcome.externalId })).toEqual({ kind: 'deleted' });
    expect(await provider.delete({ connection: account, externalId: outcome.externalId })).toMatchObject({ kind: 'rejected', message: expect.stringContaining("wasn't found") });
  });

  it('needs a chat id and a bot token', () => {
    expect(provider.validate({}, {})).toEqual({
      'settings.chat_id': ['The settings.chat_id field is required.'],
      'credentials.bot_token': ['The credentials.bot_token field is required.'],
    });
  });
});
