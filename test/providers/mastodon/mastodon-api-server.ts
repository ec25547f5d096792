import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

interface Status {
  id: string;
  text: string;
  token: string;
  media: Attachment[];
  /** Whether the media are marked sensitive (`sensitive`, false unless sent). */
  sensitive: boolean;
  /** The content warning (`spoiler_text`, '' unless sent), counted with the text against the limit. */
  spoilerText: string;
  /** The status it replies to, or null. */
  inReplyToId: string | null;
  /** What other accounts did with it, as the status entity counts it (`favourites_count`, `reblogs_count`, `replies_count`). */
  counts: StatusCounts;
}

/** The counts of a status, as the status entity names them. */
export interface StatusCounts {
  favourites_count: number;
  reblogs_count: number;
  replies_count: number;
}

interface Attachment {
  id: string;
  token: string;
  type: string;
  bytes: Buffer;
  /** Looks at `GET /api/v1/media/:id` still answered 206 (processing) before it is ready. */
  processingLooks: number;
}

/**
 * A local server answering as the Mastodon API reference documents, for the endpoints the
 * provider uses: `GET /api/v1/accounts/verify_credentials`, `GET /api/v2/instance`,
 * `POST /api/v1/statuses` (with `Idempotency-Key`: the same key of the same token answers the
 * status it created; `media_ids[]` of processed attachments; `sensitive` and `spoiler_text`, the
 * content warning counted with the text against the limit, as the instance counts them;
 * `in_reply_to_id` a status that exists, else 404), `DELETE /api/v1/statuses/:id`,
 * `POST /api/v2/media` (202 Accepted with `url: null` while the file is processed) and
 * `GET /api/v1/media/:id` (206 Partial Content while processing, then 200), `GET /api/v1/statuses/:id`
 * (the status entity, with its counts; 404 once deleted). Every answer carries the rate-limit headers
 * (`X-RateLimit-Limit`, `-Remaining`, `-Reset`); errors are `{"error": "..."}`.
 */
/** A 1×1 PNG: what the instance serves as every account's picture. */
const ONE_PIXEL_PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==', 'base64');

export class MastodonApiServer {
  readonly statuses: Status[] = [];
  private readonly byIdempotencyKey = new Map<string, Status>();
  private readonly tokens = new Map<string, { username: string; display_name: string }>();
  private readonly attachments = new Map<string, Attachment>();
  /** How many looks at an upload answer 206 before it is processed; 0 makes uploads answer 200 at once. */
  processingLooks = 1;
  /** Where the accounts' pictures are served from, as an instance names its file storage (its own address unless set). */
  avatarBase: string | null = null;
  private nextStatusId = 100_000;

  private constructor(
    private readonly server: Server,
    readonly maxCharacters: number,
  ) {}

  static async start(maxCharacters = 500): Promise<MastodonApiServer> {
    const server = createServer();
    const api = new MastodonApiServer(server, maxCharacters);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** An access token of a new account on this instance. */
  addAccount(username: string, displayName: string): string {
    const token = randomUUID().replace(/-/g, '');
    this.tokens.set(token, { username, display_name: displayName });
    return token;
  }

  /** The address of an account's picture, as `verify_credentials` answers it (`avatar`). */
  avatarOf(username: string): string {
    return `${this.avatarBase ?? this.url}/system/accounts/avatars/original/${username}.png`;
  }

  textsOf(token: string): string[] {
    return this.statuses.filter((status) => status.token === token).map((status) => status.text);
  }

  /** The content warnings of this token's statuses: each status's text, `sensitive` and `spoiler_text`, as the instance keeps them. */
  warningsOf(token: string): { text: string; sensitive: boolean; spoiler_text: string }[] {
    return this.statuses.filter((status) => status.token === token).map((status) => ({ text: status.text, sensitive: status.sensitive, spoiler_text: status.spoilerText }));
  }

  /** The statuses of this token, oldest first: each one's id, text and the status it replies to. */
  threadOf(token: string): { id: string; text: string; inReplyToId: string | null }[] {
    return this.statuses.filter((status) => status.token === token).map(({ id, text, inReplyToId }) => ({ id, text, inReplyToId }));
  }

  /** The statuses of this token with attachments: their text and the bytes of each file. */
  mediaOf(token: string): { text: string; files: Buffer[] }[] {
    return this.statuses.filter((status) => status.token === token && status.media.length > 0).map((status) => ({ text: status.text, files: status.media.map((file) => file.bytes) }));
  }

  /** Other accounts favourite, boost and reply to the status: its counts become these. */
  setCounts(statusId: string, counts: Partial<StatusCounts>): void {
    const status = this.statuses.find((found) => found.id === statusId);
    if (!status) throw new Error(`No status ${statusId}`);
    Object.assign(status.counts, counts);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, body: unknown) => {
      res.writeHead(status, {
        'content-type': 'application/json; charset=utf-8',
        'x-ratelimit-limit': '300',
        'x-ratelimit-remaining': '299',
        'x-ratelimit-reset': new Date(Date.now() + 5 * 60_000).toISOString(),
      });
      res.end(JSON.stringify(body));
    };
    if (req.method === 'GET' && url.pathname === '/api/v2/instance') {
      return send(200, { domain: url.host, title: 'Local Mastodon', configuration: { statuses: { max_characters: this.maxCharacters, max_media_attachments: 4 } } });
    }
    if (req.method === 'GET' && url.pathname.startsWith('/system/accounts/avatars/')) {
      res.writeHead(200, { 'content-type': 'image/png' });
      return void res.end(ONE_PIXEL_PNG);
    }
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const account = this.tokens.get(token);
    if (!account) return send(401, { error: 'The access token is invalid' });
    if (req.method === 'GET' && url.pathname === '/api/v1/accounts/verify_credentials') {
      return send(200, { id: '1', username: account.username, acct: account.username, display_name: account.display_name, url: `${this.url}/@${account.username}`, avatar: this.avatarOf(account.username) });
    }
    if (req.method === 'POST' && url.pathname === '/api/v2/media') {
      const form = await new Response(Buffer.concat(chunks), { headers: { 'content-type': req.headers['content-type'] ?? '' } }).formData().catch(() => null);
      const file = form?.get('file');
      if (!(file instanceof Blob)) return send(422, { error: 'Validation failed: File content type is invalid, File is invalid' });
      const attachment = { id: String(200_000 + this.attachments.size), token, type: file.type, bytes: Buffer.from(await file.arrayBuffer()), processingLooks: this.processingLooks };
      this.attachments.set(attachment.id, attachment);
      return send(attachment.processingLooks > 0 ? 202 : 200, this.attachmentView(attachment));
    }
    const media = /^\/api\/v1\/media\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && media) {
      const attachment = this.attachments.get(media[1]);
      if (!attachment || attachment.token !== token) return send(404, { error: 'Record not found' });
      if (attachment.processingLooks > 0) {
        attachment.processingLooks--;
        return send(206, this.attachmentView({ ...attachment, processingLooks: 1 }));
      }
      return send(200, this.attachmentView(attachment));
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/statuses') {
      const key = req.headers['idempotency-key'];
      const keyed = typeof key === 'string' ? this.byIdempotencyKey.get(`${token}:${key}`) : undefined;
      if (keyed) return send(200, this.view(keyed, account.username));
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { status?: string; media_ids?: string[]; sensitive?: unknown; spoiler_text?: unknown; in_reply_to_id?: string };
      const inReplyToId = body.in_reply_to_id ?? null;
      if (inReplyToId !== null && !this.statuses.some((status) => status.id === inReplyToId)) return send(404, { error: 'Record not found' });
      const text = body.status ?? '';
      if (body.sensitive !== undefined && typeof body.sensitive !== 'boolean') return send(422, { error: 'Validation failed: Sensitive is not a boolean' });
      const spoilerText = typeof body.spoiler_text === 'string' ? body.spoiler_text : '';
      const attached = (body.media_ids ?? []).map((id) => this.attachments.get(id));
      if (attached.some((attachment) => !attachment || attachment.token !== token)) return send(422, { error: 'Validation failed: Media attachments are invalid' });
      if (attached.some((attachment) => attachment!.processingLooks > 0)) return send(422, { error: 'Cannot attach files that have not finished processing. Try again in a moment!' });
      if (attached.length > 4) return send(422, { error: 'Validation failed: Media attachments is too many (maximum is 4)' });
      if (text.trim() === '' && attached.length === 0) return send(422, { error: "Validation failed: Text can't be blank" });
      if ([...spoilerText, ...text].length > this.maxCharacters) return send(422, { error: `Validation failed: Text character limit of ${this.maxCharacters} exceeded` });
      const counts = { favourites_count: 0, reblogs_count: 0, replies_count: 0 };
      const status = { id: String(this.nextStatusId++), text, token, media: attached as Attachment[], sensitive: body.sensitive === true, spoilerText, inReplyToId, counts };
      this.statuses.push(status);
      if (typeof key === 'string') this.byIdempotencyKey.set(`${token}:${key}`, status);
      return send(200, this.view(status, account.username));
    }
    const reading = /^\/api\/v1\/statuses\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'GET' && reading) {
      const status = this.statuses.find((found) => found.id === reading[1]);
      if (!status) return send(404, { error: 'Record not found' });
      return send(200, this.view(status, this.tokens.get(status.token)?.username ?? account.username));
    }
    const deleting = /^\/api\/v1\/statuses\/([^/]+)$/.exec(url.pathname);
    if (req.method === 'DELETE' && deleting) {
      const index = this.statuses.findIndex((status) => status.id === deleting[1] && status.token === token);
      if (index < 0) return send(404, { error: 'Record not found' });
      const [removed] = this.statuses.splice(index, 1);
      return send(200, { ...this.view(removed, account.username), text: removed.text });
    }
    send(404, { error: 'Record not found' });
  }

  private attachmentView(attachment: Attachment): Record<string, unknown> {
    const processed = attachment.processingLooks === 0;
    return {
      id: attachment.id,
      type: attachment.type.startsWith('video/') ? 'video' : 'image',
      url: processed ? `${this.url}/system/media_attachments/files/${attachment.id}/original` : null,
      preview_url: `${this.url}/system/media_attachments/files/${attachment.id}/small`,
      remote_url: null,
      description: null,
      blurhash: null,
    };
  }

  private view(status: Status, username: string): Record<string, unknown> {
    return {
      id: status.id,
      uri: `${this.url}/users/${username}/statuses/${status.id}`,
      url: `${this.url}/@${username}/${status.id}`,
      content: `<p>${status.text}</p>`,
      sensitive: status.sensitive,
      spoiler_text: status.spoilerText,
      visibility: 'public',
      in_reply_to_id: status.inReplyToId,
      in_reply_to_account_id: status.inReplyToId === null ? null : '1',
      media_attachments: status.media.map((attachment) => this.attachmentView(attachment)),
      ...status.counts,
      created_at: new Date().toISOString(),
    };
  }
}
