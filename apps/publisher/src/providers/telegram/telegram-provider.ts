import { checkBaseUrl, requireString } from '../account-fields';
import { classifyFailure, HttpAnswer, ProviderHttp } from '../http/provider-http';
import { mediaCall } from './telegram-media';
import { DeleteOutcome, DeleteRequest, FollowUp, PublishOutcome, PublishProvider, PublishRequest, Verification } from '../publish-provider';

export const DEFAULT_API_URL = 'https://api.telegram.org';

const apiOf = (settings: Record<string, unknown>): string =>
  (typeof settings.api_url === 'string' && settings.api_url.trim() ? settings.api_url.trim() : DEFAULT_API_URL).replace(/\/+$/, '');

/** A Bot API answer: `{ok: true, result}` or `{ok: false, error_code, description, parameters: {retry_after}}`. */
interface BotAnswer {
  ok?: boolean;
  /** A message, or the messages of an album (sendMediaGroup). */
  result?: Record<string, unknown> | Record<string, unknown>[];
  description?: string;
  parameters?: { retry_after?: number };
}

/** The chat and message ids of a published item (`<chat>:<id>[,<id>...]`, an album's ids all). */
function messagesOf(externalId: string): { chatId: string; messageIds: number[] } {
  const separator = externalId.lastIndexOf(':');
  return { chatId: externalId.slice(0, separator), messageIds: externalId.slice(separator + 1).split(',').map(Number) };
}

/** A reply to the item before (its first message, for an album), as the Bot API's `reply_parameters`. */
const replyTo = (followUp: FollowUp | null): { message_id: number } | null => (followUp ? { message_id: messagesOf(followUp.parent.externalId).messageIds[0] } : null);

const botAnswer = (answer: HttpAnswer): BotAnswer | null => (answer.kind === 'answer' && answer.body && typeof answer.body === 'object' ? (answer.body as BotAnswer) : null);

function failureOf(answer: HttpAnswer): ReturnType<typeof classifyFailure> {
  const body = botAnswer(answer);
  const retryAfter = body?.parameters?.retry_after;
  const message = body?.description ?? (answer.kind === 'answer' ? `HTTP ${answer.status}` : answer.message);
  // 403: the bot was removed from the chat or lost the right to post; only reconnecting helps.
  if (answer.kind === 'answer' && answer.status === 403) return { kind: 'reauthorize', message };
  // sendMessage has no idempotency key: a request without an answer is never sent again.
  return classifyFailure(answer, { message, resetMs: typeof retryAfter === 'number' ? retryAfter * 1000 : null, repeatable: false });
}

/**
 * Telegram: a bot (its token from @BotFather) that is an administrator of a channel or a member of
 * a group posts with `sendMessage`; with media, `sendPhoto` (one image), `sendVideo` (one video) or
 * `sendMediaGroup` (an album), the text as the caption. The content items after the first are a
 * thread: each message replies to the one before (`reply_parameters.message_id`). The Bot API has no idempotency key and no way to list what a
 * bot sent, so an attempt cut off by a crash, or a request whose answer never came, is reported
 * as unknown instead of being sent again.
 */
export class TelegramProvider implements PublishProvider {
  readonly name = 'telegram';
  readonly crashRecovery = 'report_unknown';
  readonly urlField = 'settings.api_url';

  constructor(private readonly http: ProviderHttp) {}

  validate(settings: Record<string, unknown>, credentials: Record<string, unknown>): Record<string, string[]> {
    const errors: Record<string, string[]> = {};
    const chat = settings.chat_id;
    if (!((typeof chat === 'string' && chat.trim() !== '') || Number.isSafeInteger(chat))) errors['settings.chat_id'] = ['The settings.chat_id field is required.'];
    checkBaseUrl(settings, 'api_url', errors);
    requireString(credentials, 'credentials', 'bot_token', errors);
    return errors;
  }

  async verify(settings: Record<string, unknown>, credentials: Record<string, unknown>): Promise<Verification> {
    const answer = await this.call(settings, credentials, 'getMe', {});
    const bot = botAnswer(answer);
    if (answer.kind !== 'answer' || answer.status !== 200 || !bot?.ok || !bot.result || Array.isArray(bot.result)) return failureOf(answer);
    const chat = String(settings.chat_id);
    const me = bot.result;
    return {
      kind: 'verified',
      account: { username: chat.startsWith('@') ? chat : `@${String(me.username)}`, name: String(me.first_name ?? me.username), settings: { ...settings, api_url: apiOf(settings) } },
    };
  }

  async publish({ connection, item, followUp, media }: PublishRequest): Promise<PublishOutcome> {
    const { settings, credentials } = connection;
    const text = item.body;
    const reply = replyTo(followUp);
    let answer: HttpAnswer;
    if (media.length === 0) {
      answer = await this.call(settings, credentials, 'sendMessage', { chat_id: settings.chat_id, text, ...(reply ? { reply_parameters: reply } : {}) });
    } else {
      const call = await mediaCall(settings.chat_id, text, media, reply);
      if ('kind' in call) return call;
      answer = await this.http.send({ method: 'POST', url: this.methodUrl(settings, credentials, call.method), form: call.form });
    }
    const sent = botAnswer(answer);
    if (answer.kind === 'answer' && answer.status === 200 && sent?.ok && sent.result) {
      // An album is several messages: all their ids, so that deleting removes them all.
      const messageId = (Array.isArray(sent.result) ? sent.result : [sent.result]).map((message) => String(message.message_id)).join(',');
      const chat = String(settings.chat_id);
      // A public channel or group (chat_id `@name`) has an address for each message.
      const externalUrl = chat.startsWith('@') ? `https://t.me/${chat.slice(1)}/${messageId.split(',')[0]}` : null;
      return { kind: 'published', externalId: `${chat}:${messageId}`, externalUrl };
    }
    return failureOf(answer);
  }

  async delete({ connection, externalId }: DeleteRequest): Promise<DeleteOutcome> {
    const { chatId, messageIds } = messagesOf(externalId);
    const answer =
      messageIds.length === 1
        ? await this.call(connection.settings, connection.credentials, 'deleteMessage', { chat_id: chatId, message_id: messageIds[0] })
        : await this.call(connection.settings, connection.credentials, 'deleteMessages', { chat_id: chatId, message_ids: messageIds });
    return answer.kind === 'answer' && answer.status === 200 && botAnswer(answer)?.ok ? { kind: 'deleted' } : failureOf(answer);
  }

  private call(settings: Record<string, unknown>, credentials: Record<string, unknown>, method: string, body: Record<string, unknown>): Promise<HttpAnswer> {
    return this.http.send({ method: 'POST', url: this.methodUrl(settings, credentials, method), json: body });
  }

  private methodUrl(settings: Record<string, unknown>, credentials: Record<string, unknown>, method: string): string {
    return `${apiOf(settings)}/bot${String(credentials.bot_token)}/${method}`;
  }
}
