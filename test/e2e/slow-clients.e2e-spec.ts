import { connect, Socket } from 'node:net';
import { pngImage } from '@app/media-store/testing';
import { eventually } from '@app/testing/eventually';
import { adminOf } from './support/api-client';
import { approverWorkspace } from './support/fixtures';
import { RunningService, startService } from './support/service-process';

jest.setTimeout(60_000);

/** What the server does with a client that sends slowly or not at all, over raw sockets against the built service. */
describe('slow clients (HTTP_REQUEST_TIMEOUT_MS=2000, HTTP_HEADERS_TIMEOUT_MS=1000, HTTP_IDLE_TIMEOUT_MS=3000)', () => {
  let service: RunningService;
  let port: number;

  beforeAll(async () => {
    service = await startService({ env: { HTTP_REQUEST_TIMEOUT_MS: '2000', HTTP_HEADERS_TIMEOUT_MS: '1000', HTTP_IDLE_TIMEOUT_MS: '3000' } });
    port = Number(new URL(service.baseUrl).port);
  });
  afterAll(() => service?.dispose());

  /** Opens a connection, writes `text`, and resolves with what came back and how long until the server closed it. */
  function holdOpen(text: string): Promise<{ answer: string; closedAfterMs: number }> {
    return new Promise((resolve, reject) => {
      const startedAt = Date.now();
      const socket: Socket = connect(port, '127.0.0.1', () => socket.write(text));
      let answer = '';
      socket.on('data', (chunk) => (answer += chunk.toString()));
      socket.on('error', reject);
      socket.on('close', () => resolve({ answer, closedAfterMs: Date.now() - startedAt }));
      setTimeout(() => socket.destroy(new Error('the server kept the connection open for 20 s')), 20_000).unref();
    });
  }

  it('cuts off a request whose body never finishes (408), within the request timeout and its check', async () => {
    const { answer, closedAfterMs } = await holdOpen('POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"token":');
    expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    expect(answer.slice(answer.indexOf('\r\n\r\n') + 4)).toBe('{"message":"The request did not arrive in time."}');
    expect(closedAfterMs).toBeLessThan(2000 + 1500);
  });

  it('cuts off a client whose headers never finish', async () => {
    const { closedAfterMs } = await holdOpen('GET /health/live HTTP/1.1\r\nHost: localhost\r\nX-Slow: ');
    expect(closedAfterMs).toBeLessThan(1000 + 1500);
  });

  it('closes a connection that sends nothing', async () => {
    const { answer, closedAfterMs } = await holdOpen('');
    expect(answer).toMatch(/^$|^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(3000 + 1500);
  });
});

const MAX_PER_ADDRESS = 8;
const BODY_TIMEOUT_MS = 500;
/** The flooding client: an address of its own, so that the connections this test process keeps to the service (127.0.0.1) do not count with it. */
const FLOODER = '127.0.0.3';

/** A raw connection from `localAddress`: what came back on it, and when the server closed it. */
interface RawConnection {
  socket: Socket;
  received(): string;
  closedAt(): number | null;
}

/**
 * The flood of finding #1 and the slow uploads of #3, bounded: one address holds at most
 * HTTP_MAX_CONNECTIONS_PER_ADDRESS connections while another still gets in, and a body that stops
 * arriving for HTTP_BODY_TIMEOUT_MS is cut off with 408, freeing its upload slot. Loopback only:
 * 127.0.0.3 and 127.0.0.2 are two client addresses of 127.0.0.0/8.
 */
describe(`one address, trickled bodies (HTTP_MAX_CONNECTIONS_PER_ADDRESS=${MAX_PER_ADDRESS}, HTTP_BODY_TIMEOUT_MS=${BODY_TIMEOUT_MS})`, () => {
  let service: RunningService;
  let port: number;
  const connections: Socket[] = [];

  beforeAll(async () => {
    // At debug level, the log says when the service is done with a request cut off.
    service = await startService({ env: { HTTP_MAX_CONNECTIONS_PER_ADDRESS: String(MAX_PER_ADDRESS), HTTP_BODY_TIMEOUT_MS: String(BODY_TIMEOUT_MS), LOG_LEVEL: 'debug' } });
    port = Number(new URL(service.baseUrl).port);
  });
  afterEach(() => connections.splice(0).forEach((socket) => socket.destroy()));
  afterAll(() => service?.dispose());

  function open(localAddress = '127.0.0.1'): Promise<RawConnection> {
    return new Promise((resolve, reject) => {
      const socket = connect({ port, host: '127.0.0.1', localAddress });
      connections.push(socket);
      let received = '';
      let closedAt: number | null = null;
      socket.on('data', (chunk) => (received += chunk.toString()));
      socket.on('close', () => (closedAt = Date.now()));
      socket.on('error', () => undefined);
      socket.once('connect', () => resolve({ socket, received: () => received, closedAt: () => closedAt }));
      socket.once('error', reject);
    });
  }

  /** A request whose body will never end, sent up to `bodyStart`: a byte a second follows (slower than the body timeout) until the server closes. */
  async function trickle(head: string, bodyStart: string | Buffer, localAddress?: string): Promise<RawConnection> {
    const connection = await open(localAddress);
    connection.socket.write(`${head}\r\n\r\n`);
    connection.socket.write(bodyStart);
    const drip = setInterval(() => (connection.socket.writable ? connection.socket.write(' ') : clearInterval(drip)), 1_000);
    connection.socket.once('close', () => clearInterval(drip));
    return connection;
  }

  const bodyOf = (answer: string) => answer.slice(answer.indexOf('\r\n\r\n') + 4);

  it(`keeps ${MAX_PER_ADDRESS} connections of ${FLOODER} open, closes 12 more (trickled requests) as they come, and still serves 127.0.0.2`, async () => {
    const signIn = 'POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000';
    const held = await Promise.all(Array.from({ length: MAX_PER_ADDRESS }, () => open(FLOODER)));
    const over = await Promise.all(Array.from({ length: 12 }, () => trickle(signIn, '{', FLOODER)));
    await eventually(() => over.every((connection) => connection.closedAt() !== null), 'the connections over the limit to be closed', { timeoutMs: 5_000 });
    expect(over.map((connection) => connection.received())).toEqual(Array(12).fill(''));
    expect(held.map((connection) => connection.closedAt())).toEqual(Array(MAX_PER_ADDRESS).fill(null));

    const other = await open('127.0.0.2');
    other.socket.write('GET /health/live HTTP/1.1\r\nHost: localhost\r\n\r\n');
    await eventually(() => /^HTTP\/1\.1 200 /.test(other.received()), 'the answer to 127.0.0.2', { timeoutMs: 5_000 });
  });

  it('answers 408 to a JSON body that stops arriving, about the body timeout after its last byte, and logs no error', async () => {
    const startedAt = Date.now();
    const connection = await trickle('POST /api/session HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: 1000', '{"token":');
    const closedAt = await eventually(() => connection.closedAt(), 'the request to be cut off', { timeoutMs: 5_000 });
    expect(connection.received()).toMatch(/^HTTP\/1\.1 408 /);
    expect(bodyOf(connection.received())).toBe('{"message":"The request did not arrive in time."}');
    expect(closedAt - startedAt).toBeLessThan(BODY_TIMEOUT_MS + 1_500);
    await eventually(() => service.output().includes('POST /api/session: the client went away before its request arrived'), 'the debug line of the request cut off', { timeoutMs: 5_000 });
    expect(service.output()).not.toMatch(/\bERROR\b/);
  });

  it('cuts off slow uploads with 408, and their user uploads again at once: no upload slot stays taken, no error logged', async () => {
    const admin = adminOf(service);
    const workspace = await approverWorkspace(admin, 'Slow uploads');
    const boundary = '----slow-upload';
    const head = `POST /api/${workspace}/media HTTP/1.1\r\nHost: localhost\r\nAuthorization: Bearer ${admin.token}\r\nContent-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: 10000000`;
    const partHead = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="slow.png"\r\nContent-Type: image/png\r\n\r\n`;
    // Four at once, the most MEDIA_UPLOADS_MAX_CONCURRENT (4) lets a process receive: one user gets two of them.
    const uploads = await Promise.all(Array.from({ length: 4 }, () => trickle(head, Buffer.concat([Buffer.from(partHead), pngImage(8, 8)]))));
    await eventually(() => uploads.every((upload) => upload.closedAt() !== null), 'the slow uploads to be cut off', { timeoutMs: 5_000 });
    const statuses = uploads.map((upload) => Number(/^HTTP\/1\.1 (\d+) /.exec(upload.received())?.[1]));
    expect(statuses.sort()).toEqual([408, 408, 429, 429]);

    const quickUpload = () => {
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(pngImage(8, 8))]), 'quick.png');
      return fetch(`${service.baseUrl}/api/${workspace}/media`, { method: 'POST', headers: { authorization: `Bearer ${admin.token}` }, body: form });
    };
    // The slots are given back as the cut-off uploads' temporary files are removed, a moment after their connections close.
    await eventually(async () => (await quickUpload()).status === 201, 'an upload of the same user to be taken', { timeoutMs: 2_000, intervalMs: 100 });
    expect(service.output()).not.toMatch(/\bERROR\b/);
  });
});
