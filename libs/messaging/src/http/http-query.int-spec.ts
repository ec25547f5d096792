import { randomBytes } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { SecretBox } from '@app/security';
import { RpcFailures } from '../rpc.port';
import { ServiceError } from '../service-error';
import { HttpQueryClient, HttpQueryServer, QUERY_PATH_PREFIX } from './http-query';

const SECRET = 'whsec_do-not-leak-this';

/** A service's query endpoint on a real HTTP server, and what crossed the wire. */
async function startEndpoint(queries: HttpQueryServer): Promise<{ url: string; bodies: string[]; replies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const replies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      bodies.push(text);
      const method = decodeURIComponent((request.url ?? '').slice(QUERY_PATH_PREFIX.length));
      const { status, body } = await queries.answer(method, JSON.parse(text));
      const reply = JSON.stringify(body);
      replies.push(reply);
      response.writeHead(status, { 'content-type': 'application/json' }).end(reply);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    bodies,
    replies,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

describe('queries over HTTP (a service answering on its own port)', () => {
  const key = randomBytes(32).toString('base64');
  const box = new SecretBox(key);
  const server = new HttpQueryServer(box, new Set(['webhooks.get', 'webhooks.list', 'webhooks.slow']));
  let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
  let client: HttpQueryClient;

  beforeAll(async () => {
    server.handle('webhooks.get', async (payload) => ({ id: (payload as { webhookId: number }).webhookId, secret: SECRET }));
    server.handle('webhooks.list', async () => {
      throw new ServiceError('not_found', 'Webhook not found.');
    });
    server.handle('webhooks.slow', () => new Promise(() => undefined));
    server.handle('webhooks.delete', async () => 'never served here');
    endpoint = await startEndpoint(server);
    client = new HttpQueryClient(box, () => endpoint.url);
  });
  afterAll(() => endpoint.close());

  it('answers a query with its reply, sealed both ways: the secret never crosses the wire in clear', async () => {
    expect(await client.request('webhooks.get', { webhookId: 7 })).toEqual({ id: 7, secret: SECRET });
    expect(endpoint.bodies.at(-1)).not.toContain('webhookId');
    expect(endpoint.replies.at(-1)).not.toContain(SECRET);
    expect(JSON.parse(endpoint.replies.at(-1)!)).toEqual({ sealed: expect.stringMatching(/^v2:/) });
  });

  it('brings a service error back as such', async () => {
    await expect(client.request('webhooks.list', {})).rejects.toEqual(new ServiceError('not_found', 'Webhook not found.'));
  });

  it('serves only the query methods it was given, and says a method it does not serve is not available', async () => {
    await expect(client.request('webhooks.delete', {})).rejects.toEqual(new ServiceError('unavailable', RpcFailures.notAvailable));
  });

  it('gives up a query that does not answer in time', async () => {
    await expect(client.request('webhooks.slow', {}, { timeoutMs: 200 })).rejects.toEqual(new ServiceError('unavailable', RpcFailures.timedOut));
  });

  it('refuses a query not sealed with the shared key (401), or sealed for another method or long ago (403), without answering', async () => {
    const post = (method: string, body: unknown) =>
      fetch(`${endpoint.url}${QUERY_PATH_PREFIX}${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect((await post('webhooks.get', { method: 'webhooks.get', sentAt: Date.now(), payload: { webhookId: 7 } })).status).toBe(401);
    const stranger = new HttpQueryClient(new SecretBox(randomBytes(32).toString('base64')), () => endpoint.url);
    await expect(stranger.request('webhooks.get', { webhookId: 7 })).rejects.toEqual(new ServiceError('unavailable', RpcFailures.notAvailable));
    expect(endpoint.replies.at(-1)).not.toContain(SECRET);
    const { sealPayload } = await import('../kafka/sealed-payload');
    const forAnother = sealPayload({ method: 'webhooks.list', sentAt: Date.now(), payload: {} }, box);
    const answer = await post('webhooks.get', forAnother);
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain(SECRET);
    const old = sealPayload({ method: 'webhooks.get', sentAt: Date.now() - 5 * 60_000, payload: { webhookId: 7 } }, box);
    expect((await post('webhooks.get', old)).status).toBe(403);
  });

  it('says the service is not available when nothing answers at its address', async () => {
    const nowhere = new HttpQueryClient(box, () => 'http://127.0.0.1:9');
    await expect(nowhere.request('webhooks.get', {})).rejects.toEqual(new ServiceError('unavailable', RpcFailures.notAvailable));
  });
});
