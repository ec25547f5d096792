import { createServer } from 'node:net';
import TelegramServer from 'telegram-test-api';
import { FaultProxy } from '../support/fault-proxy';
import { SentMedia, TelegramMediaApi } from './telegram-media-api';

/** The Bot API's own limit of a message's text, and its answers the test server does not give. */
export const TELEGRAM_TEXT_LIMIT = 4096;
export const UNAUTHORIZED = { ok: false, error_code: 401, description: 'Unauthorized' };
export const TOO_LONG = { ok: false, error_code: 400, description: 'Bad Request: message is too long' };

export interface LocalTelegram {
  server: TelegramServer;
  /** The proxy the provider talks to: telegram-test-api behind it, answering 401 for unknown bot tokens and 400 for texts over the limit, as the Bot API does. */
  proxy: FaultProxy;
  /** A bot token the proxy lets through. */
  addBot(): string;
  textsOf(botToken: string): string[];
  /** The photos and videos a bot sent (sendPhoto, sendVideo, sendMediaGroup). */
  mediaOf(botToken: string): SentMedia[];
  stop(): Promise<void>;
}

/**
 * telegram-test-api (a real HTTP server for the Bot API's sendMessage, getMe, deleteMessage) behind
 * a FaultProxy, which answers the media methods telegram-test-api lacks (TelegramMediaApi).
 */
export async function startLocalTelegram(): Promise<LocalTelegram> {
  const port = await freePort();
  const server = new TelegramServer({ port, host: '127.0.0.1', storeTimeout: 600 });
  await server.start();
  const tokens = new Set<string>();
  const media = new TelegramMediaApi();
  const proxy = await FaultProxy.start(`http://127.0.0.1:${port}`, async (path, body, headers) => {
    const token = /^\/bot([^/]+)\//.exec(path)?.[1];
    if (!token || !tokens.has(token)) return { status: 401, body: UNAUTHORIZED };
    const sentMedia = await media.answer(path, body, headers['content-type'] ?? '', token);
    if (sentMedia) return sentMedia;
    if (path.endsWith('/sendMessage')) {
      const text = (JSON.parse(body.toString() || '{}') as { text?: string }).text ?? '';
      if ([...text].length > TELEGRAM_TEXT_LIMIT) return { status: 400, body: TOO_LONG };
    }
    return null;
  });
  return {
    server,
    proxy,
    addBot: () => {
      const token = `${100_000 + tokens.size}:AAH${Math.random().toString(36).slice(2)}`;
      tokens.add(token);
      return token;
    },
    mediaOf: (botToken) => media.sent.filter((sent) => sent.botToken === botToken),
    textsOf: (botToken) => server.storage.botMessages.filter((update) => update.botToken === botToken).map((update) => String(update.message.text)),
    stop: async () => {
      await proxy.stop();
      await server.stop();
    },
  };
}

/** telegram-test-api takes a port number, 0 meaning its default: ask the system for a free one. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}
