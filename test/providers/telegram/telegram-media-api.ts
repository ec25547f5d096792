import { detectMedia } from '@app/media-store';

/** A photo or video a bot sent, as the Bot API received it. */
export interface SentMedia {
  botToken: string;
  chatId: string;
  messageId: number;
  kind: 'photo' | 'video' | 'animation';
  caption: string;
  bytes: Buffer;
  /** The album it belongs to (sendMediaGroup), or null. */
  mediaGroupId: string | null;
  /** The message it replies to (`reply_parameters.message_id`), or null. */
  replyTo: number | null;
}

type BotApiAnswer = { status: number; body: unknown };

export const CAPTION_TOO_LONG = { ok: false, error_code: 400, description: 'Bad Request: message caption is too long' };
export const REPLIED_NOT_FOUND = { ok: false, error_code: 400, description: 'Bad Request: message to be replied not found' };

/** Whether the bot sent a message of this id to this chat (a reply must answer one). */
export type SentMessageCheck = (botToken: string, chatId: string, messageId: number) => boolean;

/**
 * The Bot API's media methods, which telegram-test-api lacks, answering as the Bot API reference
 * documents: `sendPhoto`, `sendVideo`, `sendAnimation` (multipart, the file in `photo` / `video` / `animation`, the text in
 * `caption`, at most 1024 characters) and `sendMediaGroup` (2 to 10 InputMedia in `media`, each
 * file attached as `attach://<part name>`); the answer is the Message (an array of them for an
 * album), with a PhotoSize or Video of the file; `reply_parameters` (JSON) makes it a reply to a
 * message of the chat, which the answer carries as `reply_to_message`. And `deleteMessages`, which
 * removes an album.
 */
export class TelegramMediaApi {
  readonly sentMedia: SentMedia[] = [];
  private nextMessageId = 50_000;
  private nextGroupId = 13_000_000_000_000_000n;

  /** `sentBefore` tells the messages sent another way (sendMessage), which a reply may answer too. */
  constructor(private readonly sentBefore: SentMessageCheck) {}

  /** Whether the bot sent this message to this chat: with media here, or as text. */
  sent(botToken: string, chatId: string, messageId: number): boolean {
    return this.sentMedia.some((sent) => sent.botToken === botToken && sent.chatId === chatId && sent.messageId === messageId) || this.sentBefore(botToken, chatId, messageId);
  }

  /** The answer to a media method, or null when the path is none. */
  async answer(path: string, body: Buffer, contentType: string, botToken: string): Promise<BotApiAnswer | null> {
    if (path.endsWith('/deleteMessages')) return this.deleteMessages(JSON.parse(body.toString() || '{}') as { chat_id?: unknown; message_ids?: unknown[] }, botToken);
    const method = /\/(sendPhoto|sendVideo|sendAnimation|sendMediaGroup)$/.exec(path)?.[1];
    if (!method) return null;
    const form = await new Response(body, { headers: { 'content-type': contentType } }).formData().catch(() => null);
    const chatId = String(form?.get('chat_id') ?? '');
    if (!form || !chatId) return badRequest('chat_id is empty');
    const replyTo = replyOf(form);
    if (replyTo !== null && !this.sent(botToken, chatId, replyTo)) return { status: 400, body: REPLIED_NOT_FOUND };
    if (method === 'sendMediaGroup') return this.album(form, chatId, botToken, replyTo);
    const kind = method === 'sendPhoto' ? 'photo' : method === 'sendVideo' ? 'video' : 'animation';
    const file = form.get(kind);
    if (!(file instanceof Blob)) return badRequest(`there is no ${kind} in the request`);
    const caption = String(form.get('caption') ?? '');
    if ([...caption].length > 1024) return { status: 400, body: CAPTION_TOO_LONG };
    const sent = this.keep({ botToken, chatId, kind, caption, bytes: Buffer.from(await file.arrayBuffer()), mediaGroupId: null, replyTo });
    return { status: 200, body: { ok: true, result: message(sent) } };
  }

  private async album(form: FormData, chatId: string, botToken: string, replyTo: number | null): Promise<BotApiAnswer> {
    let items: { type?: string; media?: string; caption?: string }[];
    try {
      items = JSON.parse(String(form.get('media') ?? '')) as typeof items;
    } catch {
      return badRequest("can't parse media JSON object");
    }
    if (!Array.isArray(items) || items.length < 2 || items.length > 10) return badRequest('wrong number of media in the group');
    const files: { kind: 'photo' | 'video'; caption: string; bytes: Buffer }[] = [];
    for (const item of items) {
      const file = form.get(String(item.media ?? '').replace(/^attach:\/\//, ''));
      if ((item.type !== 'photo' && item.type !== 'video') || !(file instanceof Blob)) return badRequest('wrong file identifier/HTTP URL specified');
      if ([...(item.caption ?? '')].length > 1024) return { status: 400, body: CAPTION_TOO_LONG };
      files.push({ kind: item.type, caption: item.caption ?? '', bytes: Buffer.from(await file.arrayBuffer()) });
    }
    const mediaGroupId = String(this.nextGroupId++);
    const messages = files.map((file) => message(this.keep({ botToken, chatId, ...file, mediaGroupId, replyTo })));
    return { status: 200, body: { ok: true, result: messages } };
  }

  /** `deleteMessages` (1 to 100 ids): true once those of them the bot sent are gone, as the Bot API answers even when some were not found. */
  private deleteMessages(body: { chat_id?: unknown; message_ids?: unknown[] }, botToken: string): BotApiAnswer {
    const ids = new Set(body.message_ids ?? []);
    if (!body.chat_id || ids.size === 0 || ids.size > 100) return badRequest('message identifiers are not specified');
    const kept = this.sentMedia.filter((sent) => !(sent.botToken === botToken && sent.chatId === String(body.chat_id) && ids.has(sent.messageId)));
    this.sentMedia.splice(0, this.sentMedia.length, ...kept);
    return { status: 200, body: { ok: true, result: true } };
  }

  private keep(sent: Omit<SentMedia, 'messageId'>): SentMedia {
    const kept = { ...sent, messageId: this.nextMessageId++ };
    this.sentMedia.push(kept);
    return kept;
  }
}

/** The message a form's `reply_parameters` (JSON) answers, or null. */
function replyOf(form: FormData): number | null {
  const raw = form.get('reply_parameters');
  if (typeof raw !== 'string') return null;
  const id = (JSON.parse(raw) as { message_id?: unknown }).message_id;
  return typeof id === 'number' ? id : NaN;
}

const badRequest = (detail: string): BotApiAnswer => ({ status: 400, body: { ok: false, error_code: 400, description: `Bad Request: ${detail}` } });

function message(sent: SentMedia): Record<string, unknown> {
  const channel = sent.chatId.startsWith('@');
  const detected = detectMedia(sent.bytes);
  const fileId = `AgAC${sent.messageId}`;
  const file = { file_id: fileId, file_unique_id: `AQAD${sent.messageId}`, file_size: sent.bytes.length, width: detected?.width ?? 0, height: detected?.height ?? 0 };
  return {
    message_id: sent.messageId,
    chat: channel ? { id: -1001234567890, title: 'Launch news', username: sent.chatId.slice(1), type: 'channel' } : { id: Number(sent.chatId), type: 'supergroup', title: 'Team' },
    date: Math.floor(Date.now() / 1000),
    ...(sent.kind === 'photo' ? { photo: [file] } : {}),
    ...(sent.kind === 'video' ? { video: { ...file, duration: 0, mime_type: 'video/mp4' } } : {}),
    // An animation's message carries it as a document too, as the Bot API does.
    ...(sent.kind === 'animation' ? { animation: { ...file, duration: 0, mime_type: 'image/gif' }, document: { file_id: fileId, file_unique_id: file.file_unique_id, mime_type: 'image/gif' } } : {}),
    ...(sent.caption ? { caption: sent.caption } : {}),
    ...(sent.mediaGroupId ? { media_group_id: sent.mediaGroupId } : {}),
    ...(sent.replyTo !== null ? { reply_to_message: { message_id: sent.replyTo, chat: { id: sent.chatId }, date: Math.floor(Date.now() / 1000) } } : {}),
  };
}
