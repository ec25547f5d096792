import { TokenStore } from '../src/auth/token-store';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

const TOO_MANY = { message: 'Too Many Attempts.' };

describe('gateway: rate limits without a valid token (SQLite, RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE=5)', () => {
  let gateway: GatewayTestApp;
  let lookups: jest.SpyInstance;

  beforeEach(async () => {
    gateway = await startGatewayTestApp({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '5' });
    lookups = jest.spyOn(TokenStore.prototype as unknown as { ownerOf(hash: string): Promise<unknown> }, 'ownerOf');
  });
  afterEach(async () => {
    lookups.mockRestore();
    await gateway?.dispose();
  });

  const madeUp = (index: number) => gateway.call('GET', '/api/panel/workspaces', { token: `made-up-${index}` });

  it('answers 401 to the first made-up tokens of an address, then 429, never looking a made-up token up in the database', async () => {
    for (let index = 0; index < 5; index++) expect((await madeUp(index)).status).toBe(401);
    expect(lookups).toHaveBeenCalledTimes(0);

    for (let index = 5; index < 60; index++) {
      const answer = await madeUp(index);
      expect(answer.status).toBe(429);
      expect(answer.body).toEqual(TOO_MANY);
      expect(Number(answer.headers.get('retry-after'))).toBeGreaterThanOrEqual(1);
    }
    expect(lookups).toHaveBeenCalledTimes(0);
  });

  it('counts requests without a token against the same budget', async () => {
    for (let index = 0; index < 3; index++) expect((await madeUp(index)).status).toBe(401);
    for (let index = 0; index < 2; index++) expect((await gateway.call('GET', '/api/panel/workspaces', { token: null })).status).toBe(401);
    expect((await gateway.call('GET', '/api/panel/workspaces', { token: null })).status).toBe(429);
  });

  it('counts every request through a preview link against the same budget, even one that carries a live token', async () => {
    const guesses = (index: number) => gateway.call('GET', `/api/preview/guessed-token-${index}`, { token: null });
    for (let index = 0; index < 4; index++) expect((await guesses(index)).body).toEqual({ message: 'Preview link not found.' });
    expect((await gateway.call('POST', '/api/preview/guessed/notes', { token: null, body: { name: 'A', body: 'B' } })).status).toBe(404);
    expect(await guesses(5)).toMatchObject({ status: 429, body: TOO_MANY });
    expect((await gateway.call('GET', '/api/preview/guessed-with-a-token')).status).toBe(429);
    expect((await gateway.call('GET', '/api/panel/workspaces', { token: null })).status).toBe(429);
  });

  it('keeps serving a token that was used lately from an address that floods with made-up ones', async () => {
    expect((await gateway.call('GET', '/api/panel/workspaces')).status).toBe(200);
    for (let index = 0; index < 10; index++) await madeUp(index);
    expect((await madeUp(99)).status).toBe(429);

    const live = await gateway.call('GET', '/api/panel/workspaces');
    expect(live.status).toBe(200);
  });

  it('serves, from a flooded address, a valid token that was never used (one bad client behind a NAT locks nobody out)', async () => {
    for (let index = 0; index < 5; index++) await madeUp(index);
    expect((await madeUp(5)).status).toBe(429);
    expect((await gateway.call('GET', '/api/panel/workspaces')).status).toBe(200);
  });

  it('takes the address from the socket: X-Forwarded-For is ignored unless TRUST_PROXY is set', async () => {
    for (let index = 0; index < 5; index++) {
      await gateway.call('GET', '/api/panel/workspaces', { token: `made-up-${index}`, headers: { 'x-forwarded-for': `203.0.113.${index}` } });
    }
    const answer = await gateway.call('GET', '/api/panel/workspaces', { token: 'made-up-x', headers: { 'x-forwarded-for': '198.51.100.7' } });
    expect(answer.status).toBe(429);
  });
});

/** A request with a made-up token whose X-Forwarded-For is `forwardedFor`. */
const madeUpFrom = (gateway: GatewayTestApp, forwardedFor: string) => gateway.call('GET', '/api/panel/workspaces', { token: 'made-up', headers: { 'x-forwarded-for': forwardedFor } });

describe.each([
  { trustProxy: 'true', proxies: '203.0.113.1', other: '203.0.113.2' },
  { trustProxy: '1', proxies: '203.0.113.1', other: '203.0.113.2' },
  { trustProxy: '2', proxies: '203.0.113.1, 10.0.0.1', other: '203.0.113.2, 10.0.0.1' },
])('gateway: rate limits behind proxies (TRUST_PROXY=$trustProxy, RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE=5)', ({ trustProxy, proxies, other }) => {
  let gateway: GatewayTestApp;
  beforeEach(async () => (gateway = await startGatewayTestApp({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '5', TRUST_PROXY: trustProxy })));
  afterEach(() => gateway?.dispose());

  it(`counts the client at "${proxies}" whatever it writes to the left: 80 requests with made-up entries, 5 times 401, then 429`, async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 80; index++) statuses.push((await madeUpFrom(gateway, `198.18.0.${index}, ${proxies}`)).status);
    expect(statuses).toEqual([...Array(5).fill(401), ...Array(75).fill(429)]);
    expect((await madeUpFrom(gateway, `198.18.0.1, ${other}`)).status).toBe(401);
  });
});
