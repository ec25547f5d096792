import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

interface Status {
  id: string;
  text: string;
  token: string;
}

/**
 * A local server answering as the Mastodon API reference documents, for the endpoints the
 * provider uses: `GET /api/v1/accounts/verify_credentials`, `GET /api/v2/instance`,
 * `POST /api/v1/statuses` (with `Idempotency-Key`: the same key of the same token answers the
 * status it created), `DELETE /api/v1/statuses/:id`. Every answer carries the rate-limit headers
 * (`X-RateLimit-Limit`, `-Remaining`, `-Reset`); errors are `{"error": "..."}`.
 */
export class MastodonApiServer {
  readonly statuses: Status[] = [];
  private readonly byIdempotencyKey = new Map<string, Status>();
  private readonly tokens = new Map<string, { username: string; display_name: string }>();

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

  textsOf(token: string): string[] {
    return this.statuses.filter((status) => status.token === token).map((status) => status.text);
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
    const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1] ?? '';
    const account = this.tokens.get(token);
    if (!account) return send(401, { error: 'The access token is invalid' });
    if (req.method === 'GET' && url.pathname === '/api/v1/accounts/verify_credentials') {
      return send(200, { id: '1', username: account.username, acct: account.username, display_name: account.display_name, url: `${this.url}/@${account.username}` });
    }
    if (req.method === 'POST' && url.pathname === '/api/v1/statuses') {
      const key = req.headers['idempotency-key'];
      const keyed = typeof key === 'string' ? this.byIdempotencyKey.get(`${token}:${key}`) : undefined;
      if (keyed) return send(200, this.view(keyed, account.username));
      const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as { status?: string };
      const text = body.status ?? '';
      if (text.trim() === '') return send(422, { error: "Validation failed: Text can't be blank" });
      if ([...text].length > this.maxCharacters) return send(422, { error: `Validation failed: Text character limit of ${this.maxCharacters} exceeded` });
      const status = { id: String(100_000 + this.statuses.length), text, token };
      this.statuses.push(status);
      if (typeof key === 'string') this.byIdempotencyKey.set(`${token}:${key}`, status);
      return send(200, this.view(status, account.username));
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

  private view(status: Status, username: string): Record<string, unknown> {
    return {
      id: status.id,
      uri: `${this.url}/users/${username}/statuses/${status.id}`,
      url: `${this.url}/@${username}/${status.id}`,
      content: `<p>${status.text}</p>`,
      visibility: 'public',
      created_at: new Date().toISOString(),
    };
  }
}
