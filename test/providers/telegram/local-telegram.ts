import { createServer } from 'node:net';
import TelegramServer from 'telegram-test-api';
import { FaultProxy } from '../support/fault-proxy';
import { REPLIED_NOT_FOUND, SentMedia, TelegramMediaApi } from './telegram-media-api';

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
  /** Every message a bot sent, text or media: each one's id (`<chat>:<message id>`), text or caption, and the message it replies to. */
  threadOf(botToken: string): { id: string; text: string; replyTo: string | null }[];
  stop(): Promise<void>;
}

/**
 * telegram-test-api (a real HTTP server for the Bot API's sendMessage, getMe, deleteMessage) behind
 * a FaultProxy, which answers the media methods telegram-test-api lacks (TelegramMediaApi), and
 * refuses a reply (`reply_parameters.message_id`) to a message the bot did not send to that chat, as
 * the Bot API does (telegram-test-api keeps the reply's `reply_parameters` with the message).
 */
export async function startLocalTelegram(): Promise<LocalTelegram> {
  const port = await freePort();
  const server = new TelegramServer({ port, host: '127.0.0.1', storeTimeout: 600 });
  await server.start();
  const tokens = new Set<string>();
  const textSent = (botToken: string, chatId: string, messageId: number) =>
    server.storage.botMessages.some((update) => update.botToken === botToken && String(update.message.chat_id) === chatId && update.messageId === messageId);
  const media = new TelegramMediaApi(textSent);
  const proxy = await FaultProxy.start(`http://127.0.0.1:${port}`, async (path, body, headers) => {
    const token = /^\/bot([^/]+)\//.exec(path)?.[1];
    if (!token || !tokens.has(token)) return { status: 401, body: UNAUTHORIZED };
    const sentMedia = await media.answer(path, body, headers['content-type'] ?? '', token);
    if (sentMedia) return sentMedia;
    if (path.endsWith('/sendMessage')) {
      const sent = JSON.parse(body.toString() || '{}') as { text?: string; chat_id?: unknown; reply_parameters?: { message_id?: number } };
      if ([...(sent.text ?? '')].length > TELEGRAM_TEXT_LIMIT) return { status: 400, body: TOO_LONG };
      const replyTo = sent.reply_parameters?.message_id;
      if (replyTo !== undefined && !media.sent(token, String(sent.chat_id), Number(replyTo))) return { status: 400, body: REPLIED_NOT_FOUND };
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
    mediaOf: (botToken) => media.sentMedia.filter((sent) => sent.botToken === botToken),
    threadOf: (botToken) => [
      ...server.storage.botMessages
        .filter((update) => update.botToken === botToken)
        .map((update) => {
          const { chat_id: chat, text, reply_parameters: reply } = update.message as { chat_id: unknown; text?: string; reply_parameters?: { message_id: number } };
          return { id: `${String(chat)}:${update.messageId}`, text: String(text), replyTo: reply ? `${String(chat)}:${reply.message_id}` : null };
        }),
      ...media.sentMedia
        .filter((sent) => sent.botToken === botToken)
        .map((sent) => ({ id: `${sent.chatId}:${sent.messageId}`, text: sent.caption, replyTo: sent.replyTo === null ? null : `${sent.chatId}:${sent.replyTo}` })),
    ],
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
