import { createServer, IncomingMessage, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** A customer's webhook endpoint on 127.0.0.1: notes when each post's `post.published` arrived. */
export class WebhookReceiver {
  /** Post uuid -> wall-clock time (ms) the first `post.published` for it was received. */
  readonly publishedAt = new Map<string, number>();
  duplicates = 0;
  private server: Server | null = null;

  async start(): Promise<string> {
    const server = createServer((request, response) => {
      const receivedAt = Date.now();
      void readBody(request).then((body) => {
        this.note(body, receivedAt);
        response.writeHead(204).end();
      });
    });
    server.keepAliveTimeout = 60_000;
    this.server = server;
    await new Promise<void>((listening) => server.listen(0, '127.0.0.1', listening));
    return `http://127.0.0.1:${(server.address() as AddressInfo).port}/bench-hook`;
  }

  async stop(): Promise<void> {
    const server = this.server;
    if (!server) return;
    server.closeAllConnections();
    await new Promise<void>((closed) => server.close(() => closed()));
  }

  private note(body: string, receivedAt: number): void {
    let envelope: { event?: string; post?: { uuid?: string } };
    try {
      envelope = JSON.parse(body);
    } catch {
      return;
    }
    const uuid = envelope.post?.uuid;
    if (envelope.event !== 'post.published' || typeof uuid !== 'string') return;
    if (this.publishedAt.has(uuid)) this.duplicates++;
    else this.publishedAt.set(uuid, receivedAt);
  }
}

function readBody(request: IncomingMessage): Promise<string> {
  return new Promise((done) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => done(Buffer.concat(chunks).toString('utf8')));
    request.on('error', () => done(''));
  });
}
