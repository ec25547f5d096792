import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';

/** One webhook request as the receiver got it. */
export interface ReceivedWebhook {
  /** Arrival time (ms since the epoch), when the whole body was in. */
  at: number;
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
  /** The body parsed as JSON, or null when it is not JSON. */
  envelope: any; // eslint-disable-line @typescript-eslint/no-explicit-any -- envelopes are inspected field by field in tests
  /** `webhook-id`: the same on every attempt of one delivery. */
  deliveryId: string;
  event: string;
}

/** Status to answer with, how long to hold the request before answering, and the body (default `answered <status>`). */
export interface ReceiverAnswer {
  status: number;
  delayMs?: number;
  body?: string;
}

/**
 * Decides the answer to a request; `earlier` are the earlier attempts of the same delivery,
 * `index` counts every request the receiver got before this one.
 */
export type Responder = (request: ReceivedWebhook, earlier: ReceivedWebhook[], index: number) => ReceiverAnswer;

export const answer =
  (status: number): Responder =>
  () => ({ status });

/** The n-th request (of any delivery) gets the n-th status, the last one repeated after; the body says which answer it is. */
export const answerInTurn =
  (...statuses: number[]): Responder =>
  (_, __, index) => ({ status: statuses[Math.min(index, statuses.length - 1)], body: `answer ${index + 1}` });

/** Holds every request `delayMs` before answering. */
export const answerAfter =
  (delayMs: number, status = 200): Responder =>
  () => ({ status, delayMs, body: 'late' });

/** Fails the first attempts of every delivery with these statuses, then answers 200. */
export const failFirstAttempts =
  (...statuses: number[]): Responder =>
  (_, earlier) => ({ status: statuses[earlier.length] ?? 200 });

/** A real HTTP endpoint on 127.0.0.1 that records every request and answers as told. */
export class WebhookReceiver {
  readonly received: ReceivedWebhook[] = [];
  private readonly listeners = new Set<() => void>();

  private constructor(
    private readonly server: Server,
    private responder: Responder,
  ) {}

  static async start(responder: Responder = answer(200)): Promise<WebhookReceiver> {
    const server = createServer();
    const receiver = new WebhookReceiver(server, responder);
    server.on('request', (request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const body = Buffer.concat(chunks).toString('utf8');
        const deliveryId = String(request.headers['webhook-id'] ?? '');
        const received: ReceivedWebhook = {
          at: Date.now(),
          method: request.method ?? '',
          path: request.url ?? '',
          headers: request.headers,
          body,
          envelope: parseJson(body),
          deliveryId,
          event: String(request.headers['x-service-event'] ?? ''),
        };
        const earlier = receiver.received.filter((other) => other.deliveryId === deliveryId);
        const index = receiver.received.length;
        receiver.received.push(received);
        const { status, delayMs = 0, body: answerBody = `answered ${status}` } = receiver.responder(received, earlier, index);
        const reply = () => {
          if (!response.destroyed) response.writeHead(status, { 'content-type': 'text/plain' }).end(answerBody);
        };
        if (delayMs > 0) {
          const timer = setTimeout(reply, delayMs);
          response.on('close', () => clearTimeout(timer));
        } else {
          reply();
        }
        receiver.listeners.forEach((notify) => notify());
      });
    });
    await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
    // A receiver a failed setup never got to close must not keep the test runner alive.
    server.unref();
    return receiver;
  }

  get port(): number {
    return (this.server.address() as AddressInfo).port;
  }

  url(path = '/hook'): string {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  respondWith(responder: Responder): void {
    this.responder = responder;
  }

  /** Requests of one delivery, in arrival order. */
  attemptsOf(deliveryId: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.deliveryId === deliveryId);
  }

  /** Requests whose envelope is `event` about the post `postUuid`. */
  about(postUuid: string, event?: string): ReceivedWebhook[] {
    return this.received.filter((request) => request.envelope?.post?.uuid === postUuid && (event === undefined || request.envelope?.event === event));
  }

  /**
   * Resolves with the first truthy value of `check`, evaluated now and on every request that
   * arrives; rejects after `timeoutMs` with what was received so far.
   */
  waitFor<T>(check: (received: ReceivedWebhook[]) => T | undefined | null | false, timeoutMs: number, what: string): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      const evaluate = () => {
        const value = check(this.received);
        if (!value) return;
        finish();
        resolve(value);
      };
      const timer = setTimeout(() => {
        finish();
        const seen = this.received.map((request) => `${request.event} ${request.envelope?.post?.uuid} ${request.deliveryId}`);
        reject(new Error(`timed out after ${timeoutMs} ms waiting for ${what}; received: ${JSON.stringify(seen)}`));
      }, timeoutMs);
      const finish = () => {
        clearTimeout(timer);
        this.listeners.delete(evaluate);
      };
      this.listeners.add(evaluate);
      evaluate();
    });
  }

  /** The first `count` requests, once they have arrived. */
  waitForCount(count: number, timeoutMs = 10_000): Promise<ReceivedWebhook[]> {
    return this.waitFor((received) => received.length >= count && received.slice(0, count), timeoutMs, `${count} request(s)`);
  }

  async close(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((done) => this.server.close(() => done()));
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}
