import { Body, Controller, HttpCode, Module, Post } from '@nestjs/common';
import type { NestFastifyApplication } from '@nestjs/platform-fastify';
import { loadConfig } from '@app/config';
import { eventually } from '@app/testing/eventually';
import { connect, Socket } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { BoundHttpPort } from './bound-http-port';
import { createHttpApp } from './http-app';

jest.setTimeout(30_000);

@Controller()
class EchoController {
  @Post('echo')
  @HttpCode(200)
  echo(@Body() body: unknown): unknown {
    return body;
  }

  /** Answers a while after its body has arrived: longer than the body timeout. */
  @Post('slow')
  @HttpCode(200)
  async slow(@Body() body: unknown): Promise<unknown> {
    await sleep(BODY_TIMEOUT_MS * 2);
    return body;
  }
}

@Module({ controllers: [EchoController] })
class EchoApp {}

const BODY_TIMEOUT_MS = 500;
const MAX_PER_ADDRESS = 8;

/** A raw connection from `localAddress`, and what came back on it until the server closed it. */
interface RawClient {
  socket: Socket;
  received(): string;
  /** When the connection closed (epoch ms), or null while it is open. */
  closedAt(): number | null;
}

/**
 * The limits on slow clients of an app on its BoundHttpPort, over raw sockets on loopback: the connections of one
 * address (HTTP_MAX_CONNECTIONS_PER_ADDRESS) and the gaps in a request body (HTTP_BODY_TIMEOUT_MS).
 */
describe(`an app on its BoundHttpPort with limits (HTTP_MAX_CONNECTIONS_PER_ADDRESS=${MAX_PER_ADDRESS}, HTTP_BODY_TIMEOUT_MS=${BODY_TIMEOUT_MS})`, () => {
  let app: NestFastifyApplication;
  let port: number;
  const clients: Socket[] = [];

  beforeAll(async () => {
    const { http } = loadConfig({ HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(MAX_PER_ADDRESS), HTTP_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS) });
    const bound = await BoundHttpPort.bind('127.0.0.1', 0, http);
    app = await createHttpApp(EchoApp, false, { port: bound });
    await bound.serve(app);
    port = (app.getHttpServer().address() as { port: number }).port;
  });
  afterEach(async () => {
    clients.splice(0).forEach((socket) => socket.destroy());
    await eventually(async () => (await openConnections()) === 0, 'every connection of the test to be closed');
  });
  afterAll(() => app?.close());

  /** The connections the server has open (from every address). */
  const openConnections = () => new Promise<number>((resolve) => app.getHttpServer().getConnections((_error, count) => resolve(count)));

  function open(localAddress = '127.0.0.1'): Promise<RawClient> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      clients.push(socket);
      let received = '';
      let closedAt: number | null = null;
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => (closedAt = Date.now()));
      socket.on('error', () => undefined);
      socket.once('connect', () => resolve({ socket, received: () => received, closedAt: () => closedAt }));
      socket.once('error', reject);
    });
  }

  /** Whether the server keeps the connection: it answers a request on it. */
  async function answers(client: RawClient): Promise<boolean> {
    client.socket.write('POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 2\r\n\r\n{}');
    const answered = () => client.received().includes('\r\n\r\n{}');
    await eventually(() => answered() || client.closedAt() !== null, 'an answer, or the connection closed');
    return answered();
  }

  it('closes the connections of one address over the limit as they come, while another address still gets in', async () => {
    const held = await Promise.all(Array.from({ length: MAX_PER_ADDRESS }, () => open()));
    const over = await Promise.all(Array.from({ length: 4 }, () => open()));
    await eventually(() => over.every((client) => client.closedAt() !== null), 'the connections over the limit to be closed');
    expect(over.map((client) => client.received())).toEqual(['', '', '', '']);

    expect(await answers(await open('127.0.0.2'))).toBe(true);
    expect(await answers(held[0])).toBe(true);

    // One of 127.0.0.1's closes: the server then holds its other seven and the one of 127.0.0.2.
    held[1].socket.destroy();
    await eventually(async () => (await openConnections()) === MAX_PER_ADDRESS, 'the server to see the connection closed');
    expect(await answers(await open())).toBe(true);
  });

  it('answers 408 and closes the connection when a body stops arriving for the body timeout, not while it keeps arriving', async () => {
    const client = await open();
    const startedAt = Date.now();
    client.socket.write('POST /echo HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"a":');
    let lastByteAt = Date.now();
    for (let sent = 0; sent < 10 && !client.socket.destroyed; sent++) {
      await sleep(BODY_TIMEOUT_MS / 5);
      client.socket.write(' ');
      lastByteAt = Date.now();
    }
    expect(lastByteAt - startedAt).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS * 2);
    const closedAt = await eventually(() => client.closedAt(), 'the stalled request to be cut off', { timeoutMs: BODY_TIMEOUT_MS + 2_000 });
    const silentMs = closedAt - lastByteAt;
    expect(client.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(client.received().slice(client.received().indexOf('\r\n\r\n') + 4)).toBe('{"message":"The request did not arrive in time."}');
    expect(silentMs).toBeGreaterThanOrEqual(BODY_TIMEOUT_MS - 50);
    expect(silentMs).toBeLessThan(BODY_TIMEOUT_MS + 1_000);
  });

  it('keeps a body that arrives slowly but steadily, and a handler that answers after the body timeout', async () => {
    const client = await open();
    const body = '{"steady":true}';
    client.socket.write(`POST /slow HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`);
    for (const character of body) {
      await sleep(BODY_TIMEOUT_MS / 5);
      client.socket.write(character);
    }
    await eventually(() => client.received().endsWith(body), 'the answer after the handler', { timeoutMs: BODY_TIMEOUT_MS * 6 });
    expect(client.received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(await answers(client)).toBe(true);
  });
});
