import { randomUUID } from 'node:crypto';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { WireCipher } from '@app/security';
import { newKey } from '@app/security/testing';
import { sealPayload } from '../kafka/sealed-payload';
import { RpcFailures } from '../rpc.port';
import { ServiceError } from '../service-error';
import { CLOCK_SKEW_TOLERANCE_MS, HttpRpcClient, HttpRpcServer, RPC_PATH_PREFIX } from './http-rpc';

const SECRET = 'whsec_do-not-leak-this';

/** A service's request endpoint on a real HTTP server, and what crossed the wire. */
async function startEndpoint(requests: HttpRpcServer): Promise<{ url: string; bodies: string[]; replies: string[]; close(): Promise<void> }> {
  const bodies: string[] = [];
  const replies: string[] = [];
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', async () => {
      const text = Buffer.concat(chunks).toString('utf8');
      bodies.push(text);
      const method = decodeURIComponent((request.url ?? '').slice(RPC_PATH_PREFIX.length));
      const { status, body } = await requests.answer(method, JSON.parse(text));
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

describe('request/reply over HTTP (a service answering on its own port)', () => {
  const key = newKey();
  const box = new WireCipher({ current: key });
  const server = new HttpRpcServer(box);
  const handled: unknown[] = [];
  let endpoint: Awaited<ReturnType<typeof startEndpoint>>;
  let client: HttpRpcClient;

  const post = (method: string, body: unknown) =>
    fetch(`${endpoint.url}${RPC_PATH_PREFIX}${method}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });

  beforeAll(async () => {
    server.handle('webhooks.get', async (payload) => {
      handled.push(payload);
      return { id: (payload as { webhookId: number }).webhookId, secret: SECRET };
    });
    server.handle('webhooks.list', async () => {
      throw new ServiceError('not_found', 'Webhook not found.');
    });
    server.handle('webhooks.slow', () => new Promise(() => undefined));
    endpoint = await startEndpoint(server);
    client = new HttpRpcClient(box, () => endpoint.url);
  });
  afterAll(() => endpoint.close());

  it('answers a request with its reply, sealed both ways: the secret never crosses the wire in clear', async () => {
    expect(await client.request('webhooks.get', { webhookId: 7 })).toEqual({ id: 7, secret: SECRET });
    expect(endpoint.bodies.at(-1)).not.toContain('webhookId');
    expect(endpoint.replies.at(-1)).not.toContain(SECRET);
    expect(JSON.parse(endpoint.replies.at(-1)!)).toEqual({ sealed: expect.stringMatching(/^v2:/) });
  });

  it('brings a service error back as such', async () => {
    await expect(client.request('webhooks.list', {})).rejects.toEqual(new ServiceError('not_found', 'Webhook not found.'));
  });

  it('says a method it has no handler for is not available', async () => {
    await expect(client.request('webhooks.delete', {})).rejects.toEqual(new ServiceError('unavailable', RpcFailures.notAvailable));
  });

  it('gives up a request that is not answered in time', async () => {
    await expect(client.request('webhooks.slow', {}, { timeoutMs: 200 })).rejects.toEqual(new ServiceError('unavailable', RpcFailures.timedOut));
  });

  it('refuses a request not sealed with the shared key (401), or sealed for another method, long ago or with no id (403), without answering', async () => {
    const before = handled.length;
    expect((await post('webhooks.get', { id: randomUUID(), method: 'webhooks.get', sentAt: Date.now(), payload: { webhookId: 7 } })).status).toBe(401);
    const stranger = new HttpRpcClient(new WireCipher({ current: newKey() }), () => endpoint.url);
    await expect(stranger.request('webhooks.get', { webhookId: 7 })).rejects.toEqual(new ServiceError('unavailable', RpcFailures.notAvailable));
    expect(endpoint.replies.at(-1)).not.toContain(SECRET);
    const sealed = (envelope: object) => sealPayload({ id: randomUUID(), method: 'webhooks.get', sentAt: Date.now(), payload: { webhookId: 7 }, ...envelope }, box);
    const answer = await post('webhooks.get', sealed({ method: 'webhooks.list' }));
    expect(answer.status).toBe(403);
    expect(await answer.text()).not.toContain(SECRET);
    // Within the minute a request used to be accepted for, but older than its caller waits.
    expect((await post('webhooks.get', sealed({ sentAt: Date.now() - 20_000 }))).status).toBe(403);
    expect((await post('webhooks.get', sealed({ sentAt: Date.now() + CLOCK_SKEW_TOLERANCE_MS + 5_000 }))).status).toBe(403);
    expect((await post('webhooks.get', sealed({ id: undefined }))).status).toBe(403);
    expect(handled).toHaveLength(before);
    // Clocks a little apart are no reason to refuse.
    expect((await post('webhooks.get', sealed({ sentAt: Date.now() + CLOCK_SKEW_TOLERANCE_MS / 2 }))).status).toBe(200);
  });

  it('answers a request once: the same sealed request sent again (captured and replayed) is refused with 403 and not handled', async () => {
    expect(await client.request('webhooks.get', { webhookId: 8 })).toEqual({ id: 8, secret: SECRET });
    const captured = JSON.parse(endpoint.bodies.at(-1)!);
    const before = handled.length;

    const replayed = await post('webhooks.get', captured);

    expect(replayed.status).toBe(403);
    expect(await replayed.text()).not.toContain(SECRET);
    expect(handled).toHaveLength(before);
  });

  it('takes no reply but the one to its own request (a reply captured earlier cannot stand in for another)', async () => {
    expect(await client.request('webhooks.get', { webhookId: 9 })).toEqual({ id: 9, secret: SECRET });
    const capturedReply = endpoint.replies.at(-1)!;
    const impostor = createServer((_, response) => response.writeHead(200, { 'content-type': 'application/json' }).end(capturedReply));
    await new Promise<void>((resolve) => impostor.listen(0, '127.0.0.1', resolve));
    try {
      const misled = new HttpRpcClient(box, () => `http://127.0.0.1:${(impostor.address() as AddressInfo).port}`);
      await expect(misled.request('webhooks.get', { webhookId: 10 })).rejects.toEqual(new ServiceError('unavailable', RpcFailures.notAvailable));
    } finally {
      await new Promise<void>((resolve) => impostor.close(() => resolve()));
    }
  });

  it('keeps answering through a key rotation, whichever side switched to the next key first', async () => {
    const nextKey = newKey();
    // Step 2 of a rotation: every app reads the next key; step 3: the next key seals, the former one still opens.
    const readsNext = new WireCipher({ current: key, old: [nextKey] });
    const sealsWithNext = new WireCipher({ current: nextKey, old: [key] });
    for (const [serverCipher, clientCipher] of [[readsNext, sealsWithNext], [sealsWithNext, readsNext]]) {
      const rotating = new HttpRpcServer(serverCipher);
      rotating.handle('webhooks.get', async (payload) => payload);
      const rotatingEndpoint = await startEndpoint(rotating);
      try {
        expect(await new HttpRpcClient(clientCipher, () => rotatingEndpoint.url).request('webhooks.get', { webhookId: 11 })).toEqual({ webhookId: 11 });
      } finally {
        await rotatingEndpoint.close();
      }
    }
  });

  it('says the service is not available when nothing answers at its address', async () => {
    const nowhere = new HttpRpcClient(box, () => 'http://127.0.0.1:9');
    await expect(nowhere.request('webhooks.get', {})).rejects.toEqual(new ServiceError('unavailable', RpcFailures.notAvailable));
  });
});
