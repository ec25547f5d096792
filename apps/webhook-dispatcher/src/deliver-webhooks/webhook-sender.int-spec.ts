import { randomUUID } from 'node:crypto';
import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { loadConfig } from '@app/config';
import { MAX_LOGGED_RESPONSE_BYTES, WebhookSender } from './webhook-sender';

type Answer = (request: IncomingMessage, response: ServerResponse) => void;

/** A receiver on a local port that counts the connections made to it and answers as told. */
class CountingReceiver {
  readonly connections: Socket[] = [];
  requests = 0;
  private readonly server: Server;

  constructor(private answer: Answer) {
    this.server = createServer((request, response) => {
      this.requests++;
      request.resume();
      request.on('end', () => this.answer(request, response));
    });
    this.server.on('connection', (socket) => this.connections.push(socket));
  }

  async listen(): Promise<string> {
    await new Promise<void>((listening) => this.server.listen(0, '127.0.0.1', listening));
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/hooks`;
  }

  answerWith(answer: Answer): void {
    this.answer = answer;
  }

  set keepAliveTimeout(ms: number) {
    this.server.keepAliveTimeout = ms;
  }

  close(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((closed) => this.server.close(() => closed()));
  }
}

const ok: Answer = (_, response) => response.writeHead(204).end();

describe('WebhookSender connections', () => {
  let sender: WebhookSender;
  let receiver: CountingReceiver;
  let url: string;

  beforeEach(async () => {
    sender = new WebhookSender(loadConfig({ WEBHOOK_ALLOW_PRIVATE_URLS: 'true', WEBHOOK_TIMEOUT_MS: '1000' }));
    receiver = new CountingReceiver(ok);
    url = await receiver.listen();
  });
  afterEach(async () => {
    sender.onModuleDestroy();
    await receiver.close();
  });

  const send = () => sender.send({ deliveryId: randomUUID(), event: 'post.published', url, body: '{"event":"post.published"}', secrets: ['whsec_test'] });

  it('sends a burst of deliveries to one receiver over kept connections, not one connection each', async () => {
    for (let index = 0; index < 5; index++) expect((await send()).succeeded).toBe(true);
    const together = await Promise.all(Array.from({ length: 10 }, send));

    expect(together.every((result) => result.succeeded)).toBe(true);
    expect(receiver.requests).toBe(15);
    expect(receiver.connections.length).toBeLessThanOrEqual(10);
  });

  it('sends again on a new connection when the receiver closed the kept one as the request went out', async () => {
    expect((await send()).succeeded).toBe(true);
    // The kept connection is dropped as the next request arrives on it, as a server past its keep-alive does.
    const kept = receiver.connections[0];
    receiver.answerWith((request, response) => (request.socket === kept ? request.socket.destroy() : ok(request, response)));

    const result = await send();

    expect(result).toMatchObject({ succeeded: true, statusCode: 204, error: null });
    expect(receiver.requests).toBe(3);
    expect(receiver.connections.length).toBe(2);
  });

  it('does not send a third time when the new connection fails too', async () => {
    expect((await send()).succeeded).toBe(true);
    receiver.answerWith((request) => request.socket.destroy());

    const result = await send();

    expect(result).toMatchObject({ succeeded: false, errorKind: 'connection', statusCode: null });
    expect(receiver.requests).toBe(3);
  });

  it('closes a connection whose answer was cut short, and keeps the first kilobyte of it', async () => {
    receiver.answerWith((_, response) => {
      response.writeHead(200, { 'content-type': 'text/plain' });
      response.write('x'.repeat(4 * MAX_LOGGED_RESPONSE_BYTES));
      // The rest of the answer never comes.
    });
    const long = await send();
    expect(long.succeeded).toBe(true);
    expect(long.response).toHaveLength(MAX_LOGGED_RESPONSE_BYTES);

    receiver.answerWith(ok);
    expect((await send()).succeeded).toBe(true);
    expect(receiver.connections.length).toBe(2);
  });

  it('closes a connection whose answer did not come in time, and sends the next delivery on another', async () => {
    receiver.answerWith(() => undefined);
    const late = await send();
    expect(late).toMatchObject({ succeeded: false, errorKind: 'timeout' });

    receiver.answerWith(ok);
    expect((await send()).succeeded).toBe(true);
    expect(receiver.connections.length).toBe(2);
  });
});
