import { createHash } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface LocalFeedItem {
  id: string;
  title: string;
  link: string;
  summary?: string;
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * A site with feeds that change between reads, as a blog's would: `/rss/{name}` (RSS 2.0) and
 * `/atom/{name}` (Atom) list a feed's items newest first with an `ETag` (304 to a matching
 * `If-None-Match`); `/malformed` answers broken XML; `/slow` answers after `slowMs`. Each read is
 * counted, with whether it was conditional.
 */
export class LocalFeedServer {
  private readonly feeds = new Map<string, LocalFeedItem[]>();
  readonly reads: Array<{ path: string; conditional: boolean; status: number }> = [];
  slowMs = 15_000;

  private constructor(private readonly server: Server) {}

  static async start(): Promise<LocalFeedServer> {
    const holder: { site?: LocalFeedServer } = {};
    const server = createServer((request, response) => holder.site!.answer(request, response));
    holder.site = new LocalFeedServer(server);
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return holder.site;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Adds an item on top of the feed (created empty when new). */
  publish(name: string, item: LocalFeedItem): void {
    this.feeds.set(name, [item, ...(this.feeds.get(name) ?? [])]);
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: IncomingMessage, response: ServerResponse): void {
    const path = request.url ?? '/';
    const conditional = request.headers['if-none-match'] !== undefined;
    const send = (status: number, body = '', headers: Record<string, string> = {}) => {
      this.reads.push({ path, conditional, status });
      response.writeHead(status, headers).end(body);
    };
    if (path === '/malformed') return send(200, '<rss version="2.0"><channel><item><title>Broken', { 'content-type': 'application/rss+xml' });
    if (path === '/slow') {
      const timer = setTimeout(() => send(200, '<rss version="2.0"><channel></channel></rss>'), this.slowMs);
      response.on('close', () => clearTimeout(timer));
      return;
    }
    const [, format, name] = /^\/(rss|atom)\/([\w-]+)$/.exec(path) ?? [];
    const items = name ? this.feeds.get(name) : undefined;
    if (!items) return send(404, 'Not found');
    const body = format === 'rss' ? rss(items) : atom(items);
    const etag = `"${createHash('sha256').update(body).digest('hex').slice(0, 16)}"`;
    if (request.headers['if-none-match'] === etag) return send(304, '', { etag });
    send(200, body, { 'content-type': format === 'rss' ? 'application/rss+xml' : 'application/atom+xml', etag });
  }
}

function rss(items: LocalFeedItem[]): string {
  const entries = items.map((item) => `<item><title>${escape(item.title)}</title><link>${escape(item.link)}</link><guid isPermaLink="false">${escape(item.id)}</guid><description>${escape(item.summary ?? '')}</description></item>`);
  return `<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Local blog</title><link>http://blog.invalid/</link>${entries.join('')}</channel></rss>`;
}

function atom(items: LocalFeedItem[]): string {
  const entries = items.map((item) => `<entry><title>${escape(item.title)}</title><id>${escape(item.id)}</id><link rel="alternate" href="${escape(item.link)}"/><summary>${escape(item.summary ?? '')}</summary><updated>2026-12-01T00:00:00Z</updated></entry>`);
  return `<?xml version="1.0" encoding="utf-8"?><feed xmlns="http://www.w3.org/2005/Atom"><title>Local notes</title><id>urn:local</id><updated>2026-12-01T00:00:00Z</updated>${entries.join('')}</feed>`;
}
