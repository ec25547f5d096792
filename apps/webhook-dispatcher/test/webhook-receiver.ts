import { createServer, IncomingHttpHeaders, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

/** How the receiver answers its n-th request (0 for the first). */
export type Answering = (index: number, response: ServerResponse) => void;

export const answerWith =
  (...statuses: number[]): Answering =>
  (index, response) => {
    response.writeHead(statuses[Math.min(index, statuses.length - 1)], { 'content-type': 'text/plain' });
    response.end(`answer ${index + 1}`);
  };

export const answerAfter =
  (delayMs: number, status = 200): Answering =>
  (_, response) => {
    const timer = setTimeout(() => {
      if (!response.destroyed) response.writeHead(status).end('late');
    }, delayMs);
    response.on('close', () => clearTimeout(timer));
  };

/** A real HTTP endpoint on 127.0.0.1 that records what it receives. */
export class WebhookReceiver {
  readonly requests: ReceivedRequest[] = [];
  private readonly waiters: Array<() => void> = [];

  private constructor(
    private readonly server: Server,
    private answering: Answering,
  ) {}

  static async start(answering: Answering = answerWith(200)): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server, answering);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const index = receiver.requests.length;
        receiver.requests.push({
          at: Date.now(),
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body: Buffer.concat(chunks).toString('utf8'),
        });
        receiver.waiters.splice(0).forEach((notify) => notify());
        receiver.answering(index, response);
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  answer(answering: Answering): void {
    this.answering = answering;
  }

  /** Resolves once `count` requests have arrived; rejects after `timeoutMs`. */
  async waitForRequests(count: number, timeoutMs = 10_000): Promise<ReceivedRequest[]> {
    const deadline = Date.now() + timeoutMs;
    while (this.requests.length < count) {
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`Expected ${count} webhook requests, received ${this.requests.length}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, left);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
    return this.requests.slice(0, count);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
  }
}
