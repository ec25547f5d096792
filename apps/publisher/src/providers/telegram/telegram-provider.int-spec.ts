import { mediaFixture } from '@app/media-store/testing';
import { LocalTelegram, startLocalTelegram } from '@test/providers/telegram/local-telegram';
import { memorySession } from '@test/providers/support/memory-session';
import { threadScenarios, ThreadTarget } from '@test/providers/support/thread-scenarios';
import { pngMedia, providerScenarios, request, sampleMedia } from '@test/providers/support/provider-scenarios';
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

  /** A bot's posts with media: a photo, or an album (its messages grouped by media_group_id), with the caption and the files' bytes. */
  function postsWithMedia(botToken: string): { text: string; files: Buffer[] }[] {
    const posts = new Map<string, { text: string; files: Buffer[] }>();
    for (const sent of telegram.mediaOf(botToken)) {
      const key = sent.mediaGroupId ?? `message ${sent.messageId}`;
      const post = posts.get(key) ?? { text: sent.caption, files: [] };
      post.files.push(sent.bytes);
      posts.set(key, post);
    }
    return [...posts.values()];
  }

  const settings = (chat: string | number = '@launch_news') => ({ chat_id: chat, api_url: telegram.proxy.url });

  async function connection(): Promise<ProviderConnection> {
    const credentials = { bot_token: telegram.addBot() };
    const verified = await provider.verify(settings(), credentials);
    if (verified.kind !== 'verified') throw new Error(`verify: ${verified.kind} ${verified.message}`);
    return { accountId: nextAccount++, settings: verified.account.settings, credentials, session: memorySession() };
  }

  const target = (): ThreadTarget => ({
    provider,
    proxy: telegram.proxy,
    publishPath: /\/sendMessage$/,
    connection,
    refusedConnection: async () => ({ accountId: nextAccount++, settings: settings(), credentials: { bot_token: '1:revoked' }, session: memorySession() }),
    overLimit: { text: 'x'.repeat(4097), message: /^Bad Request: message is too long$/ },
    rateLimitHeaders: (seconds) => ({ 'retry-after': String(seconds) }),
    publishedTexts: async (account) => telegram.textsOf(String(account.credentials.bot_token)),
    publishedMedia: async (account) => postsWithMedia(String(account.credentials.bot_token)),
    threadOf: async (account) => telegram.threadOf(String(account.credentials.bot_token)),
  });

  describe('the scenarios of every provider', () => providerScenarios(target));
  describe('a version published as a thread', () => threadScenarios(target));

  it('sends one photo with sendPhoto and several as an album with sendMediaGroup, the text as the caption', async () => {
    const account = await connection();
    const token = String(account.credentials.bot_token);
    telegram.proxy.seen.length = 0;
    const photo = pngMedia(12, 8);
    const single = await provider.publish(request(account, 'One photo', undefined, [photo]));
    expect(single).toEqual({ kind: 'published', externalId: expect.stringMatching(/^@launch_news:\d+$/), externalUrl: expect.stringMatching(/^https:\/\/t\.me\/launch_news\/\d+$/) });
    const album = [pngMedia(4, 4), pngMedia(5, 5), { ...pngMedia(2, 2), mimeType: 'video/mp4', width: null, height: null }];
    const grouped = await provider.publish(request(account, 'An album', undefined, album));
    expect(grouped).toEqual({ kind: 'published', externalId: expect.stringMatching(/^@launch_news:\d+,\d+,\d+$/), externalUrl: expect.stringMatching(/\/\d+$/) });
    expect(telegram.proxy.seen.map((line) => line.replace(/\/bot[^/]+\//, '/bot<token>/'))).toEqual(['POST /bot<token>/sendPhoto', 'POST /bot<token>/sendMediaGroup']);
    expect(telegram.mediaOf(token).map((sent) => [sent.kind, sent.caption])).toEqual([
      ['photo', 'One photo'],
      ['photo', 'An album'],
      ['photo', ''],
      ['video', ''],
    ]);
    expect(postsWithMedia(token)).toEqual([
      { text: 'One photo', files: [photo.bytes] },
      { text: 'An album', files: album.map((file) => file.bytes) },
    ]);
    if (grouped.kind !== 'published') return;
    // Deleting an album deletes all its messages at once.
    expect(await provider.delete({ connection: account, externalId: grouped.externalId })).toEqual({ kind: 'deleted' });
    expect(postsWithMedia(token)).toEqual([{ text: 'One photo', files: [photo.bytes] }]);
  });

  it('sends a GIF alone with sendAnimation, so that it stays animated', async () => {
    const account = await connection();
    const gif = sampleMedia(mediaFixture('logo.gif'), { mimeType: 'image/gif', width: 33, height: 21 });
    telegram.proxy.seen.length = 0;
    expect(await provider.publish(request(account, 'Animated', undefined, [gif]))).toMatchObject({ kind: 'published' });
    expect(telegram.proxy.seen.map((line) => line.replace(/\/bot[^/]+\//, '/bot<token>/'))).toEqual(['POST /bot<token>/sendAnimation']);
    expect(telegram.mediaOf(String(account.credentials.bot_token)).map((sent) => [sent.kind, sent.caption, sent.bytes.equals(gif.bytes)])).toEqual([['animation', 'Animated', true]]);
  });

  it('refuses a caption over 1024 characters and an album of more than 10 before sending anything', async () => {
    const account = await connection();
    telegram.proxy.seen.length = 0;
    expect(await provider.publish(request(account, 'x'.repeat(1025), undefined, [pngMedia(2, 2)]))).toMatchObject({ kind: 'rejected', message: expect.stringContaining('1024 characters') });
    const eleven = Array.from({ length: 11 }, () => pngMedia(2, 2));
    expect(await provider.publish(request(account, 'Eleven', undefined, eleven))).toEqual({ kind: 'rejected', message: 'A Telegram album takes at most 10 photos and videos.' });
    expect(telegram.proxy.seen).toEqual([]);
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
