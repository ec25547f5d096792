import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

/**
 * A local server answering as Discord's webhook API reference documents: `GET /api/webhooks/{id}/{token}`
 * (the webhook object), `POST ...?wait=true` (the message object; content at most 2000 characters,
 * else 400 Invalid Form Body with the field's error; files as `multipart/form-data`, the JSON in
 * `payload_json` and each file in `files[n]`, named in `attachments`), `DELETE .../messages/{id}` (204). A wrong
 * token is 401 `{"message": "Invalid Webhook Token", "code": 50027}`, an unknown webhook 404
 * `{"message": "Unknown Webhook", "code": 10015}`. Every answer carries the rate-limit headers
 * (`X-RateLimit-Limit`, `-Remaining`, `-Reset`, `-Reset-After`, `-Bucket`).
 */
export class DiscordWebhookServer {
  readonly messages: { id: string; webhookId: string; content: string; files: { filename: string; contentType: string; bytes: Buffer }[] }[] = [];
  private readonly webhooks = new Map<string, { token: string; name: string; avatar: string | null }>();
  private nextId = 1_200_000_000_000_000_000n;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<DiscordWebhookServer> {
    const server = createServer();
    const api = new DiscordWebhookServer(server);
    server.on('request', (req, res) => void api.handle(req, res));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return api;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** A new webhook of channel 222 in guild 111, with the hash of its picture if it has one; answers its path `/api/webhooks/{id}/{token}`. */
  addWebhook(name: string, avatar: string | null = null): string {
    const id = String(this.nextId++);
    const token = `tok-${id.slice(-6)}-${Math.random().toString(36).slice(2)}`;
    this.webhooks.set(id, { token, name, avatar });
    return `/api/webhooks/${id}/${token}`;
  }

  /** The messages of a webhook with files: their content and the files' bytes. */
  filesOf(path: string): { text: string; files: Buffer[] }[] {
    const id = path.split('/')[3];
    return this.messages.filter((message) => message.webhookId === id && message.files.length > 0).map((message) => ({ text: message.content, files: message.files.map((file) => file.bytes) }));
  }

  /** Deletes a webhook, as a channel's settings do: its URL then answers 404 Unknown Webhook. */
  removeWebhook(path: string): void {
    this.webhooks.delete(path.split('/')[3]);
  }

  contentsOf(path: string): string[] {
    const id = path.split('/')[3];
    return this.messages.filter((message) => message.webhookId === id).map((message) => message.content);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const url = new URL(req.url ?? '/', this.url);
    const send = (status: number, body?: unknown) => {
      res.writeHead(status, {
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        'x-ratelimit-limit': '5',
        'x-ratelimit-remaining': '4',
        'x-ratelimit-reset': String(Date.now() / 1000 + 2),
        'x-ratelimit-reset-after': '2.000',
        'x-ratelimit-bucket': 'a06de0de4a08126315431ebc9a3fd6ac',
      });
      res.end(body === undefined ? '' : JSON.stringify(body));
    };
    const match = /^\/api(?:\/v\d+)?\/webhooks\/(\d+)\/([^/]+)(?:\/messages\/(\d+))?$/.exec(url.pathname);
    const webhook = match ? this.webhooks.get(match[1]) : undefined;
    if (!match || !webhook) return send(404, { message: 'Unknown Webhook', code: 10015 });
    if (webhook.token !== match[2]) return send(401, { message: 'Invalid Webhook Token', code: 50027 });
    const [, webhookId, , messageId] = match;
    if (req.method === 'GET' && !messageId) return send(200, { id: webhookId, type: 1, name: webhook.name, avatar: webhook.avatar, channel_id: '222', guild_id: '111', token: webhook.token });
    if (req.method === 'POST' && !messageId) {
      const body = await this.messageBody(req.headers['content-type'] ?? '', Buffer.concat(chunks));
      if (!body) return send(400, { message: 'Invalid Form Body', code: 50035, errors: { attachments: { _errors: [{ code: 'ATTACHMENT_NOT_FOUND', message: 'Attachment data not found' }] } } });
      const content = String(body.content ?? '');
      if ([...content].length > 2000) {
        return send(400, { message: 'Invalid Form Body', code: 50035, errors: { content: { _errors: [{ code: 'BASE_TYPE_MAX_LENGTH', message: 'Must be 2000 or fewer in length.' }] } } });
      }
      const message = { id: String(this.nextId++), webhookId, content, files: body.files };
      this.messages.push(message);
      if (url.searchParams.get('wait') !== 'true') return send(204);
      const attachments = body.files.map((file, index) => ({
        id: String(this.nextId++),
        filename: file.filename,
        size: file.bytes.length,
        url: `https://cdn.discordapp.com/attachments/222/${message.id}/${file.filename}`,
        proxy_url: `https://media.discordapp.net/attachments/222/${message.id}/${file.filename}`,
        content_type: file.contentType,
        index,
      }));
      return send(200, { id: message.id, type: 0, content, channel_id: '222', webhook_id: webhookId, attachments, timestamp: new Date().toISOString() });
    }
    if (req.method === 'DELETE' && messageId) {
      const index = this.messages.findIndex((message) => message.id === messageId && message.webhookId === webhookId);
      if (index < 0) return send(404, { message: 'Unknown Message', code: 10008 });
      this.messages.splice(index, 1);
      return send(204);
    }
    send(405, { message: '405: Method Not Allowed', code: 0 });
  }

  /** A JSON body, or a multipart one: `payload_json` and the `files[n]` its `attachments` name; null when an attachment has no file. */
  private async messageBody(contentType: string, raw: Buffer): Promise<{ content?: unknown; files: DiscordWebhookServer['messages'][number]['files'] } | null> {
    if (!contentType.startsWith('multipart/form-data')) return { ...(JSON.parse(raw.toString() || '{}') as { content?: unknown }), files: [] };
    const form = await new Response(raw, { headers: { 'content-type': contentType } }).formData();
    const payload = JSON.parse(String(form.get('payload_json') ?? '{}')) as { content?: unknown; attachments?: { id: number; filename: string }[] };
    const files: DiscordWebhookServer['messages'][number]['files'] = [];
    for (const attachment of payload.attachments ?? []) {
      const file = form.get(`files[${attachment.id}]`);
      if (!(file instanceof Blob)) return null;
      files.push({ filename: attachment.filename, contentType: file.type, bytes: Buffer.from(await file.arrayBuffer()) });
    }
    return { content: payload.content, files };
  }
}
