import { connect, Socket } from 'node:net';
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
