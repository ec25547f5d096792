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

describe('gateway: rate limits behind a proxy (TRUST_PROXY=true)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp({ RATE_LIMIT_UNAUTHENTICATED_PER_MINUTE: '2', TRUST_PROXY: 'true' })));
  afterAll(() => gateway?.dispose());

  const from = (address: string) =>
    gateway.call('GET', '/api/panel/workspaces', { token: 'made-up', headers: { 'x-forwarded-for': `${address}, 10.0.0.1` } });

  it('counts each client by the first X-Forwarded-For entry', async () => {
    expect([(await from('203.0.113.1')).status, (await from('203.0.113.1')).status, (await from('203.0.113.1')).status]).toEqual([401, 401, 429]);
    expect((await from('203.0.113.2')).status).toBe(401);
  });
});
