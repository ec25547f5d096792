import { setTimeout as sleep } from 'node:timers/promises';
import { hashToken } from '@app/security';
import { ACCESS_CACHE_TTL_MS } from '../src/access/access-cache';
import { BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const UNAUTHORIZED = { message: 'This action is unauthorized.' };

jest.setTimeout(30_000);

describe('gateway: authentication and the panel guard (SQLite)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp()));
  afterAll(() => gateway?.dispose());

  const createUser = async (email: string, isAdmin = false) => {
    const user = await gateway.call('POST', '/api/panel/users', { body: { name: email, email, is_admin: isAdmin } });
    expect(user.status).toBe(201);
    const token = await gateway.call('POST', `/api/panel/users/${user.body.id}/tokens`, { body: { name: 'tests' } });
    expect(token.status).toBe(201);
    return { id: user.body.id as number, token: token.body.token as string, tokenId: token.body.id as number };
  };

  it('bootstraps an admin whose token is ADMIN_TOKEN, stored only as its digest', async () => {
    const users = await gateway.call('GET', '/api/panel/users');
    expect(users.status).toBe(200);
    expect(users.body.data).toEqual([{ id: 1, name: 'Admin', email: 'admin@localhost', is_admin: true }]);
    const stored = await gateway.tables.db.selectFrom('tokens').select('token_hash').execute();
    expect(stored).toEqual([{ token_hash: hashToken(BOOTSTRAP_ADMIN_TOKEN) }]);
  });

  it.each([
    ['no Authorization header', null, undefined],
    ['an unknown token', 'nope', undefined],
    ['a header that is not Bearer', null, { authorization: 'Basic YWRtaW46YWRtaW4=' }],
    ['an empty Bearer', null, { authorization: 'Bearer ' }],
  ])('401 for %s', async (_, token, headers) => {
    const answer = await gateway.call('GET', '/api/panel/workspaces', { token, headers });
    expect(answer.status).toBe(401);
    expect(answer.body).toEqual(UNAUTHENTICATED);
  });

  it('401 on workspace routes too, before the workspace is looked at', async () => {
    const answer = await gateway.call('GET', '/api/not-a-uuid/accounts', { token: null });
    expect(answer).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });

  it('401 for a token the moment it expires, although its owner was just looked up', async () => {
    const user = await gateway.call('POST', '/api/panel/users', { body: { name: 'expiring', email: 'expiring@example.com' } });
    const expiresAt = new Date(Date.now() + 1_500);
    const token = await gateway.call('POST', `/api/panel/users/${user.body.id}/tokens`, { body: { name: 'short', expires_at: expiresAt.toISOString() } });
    expect((await gateway.call('GET', '/api/panel/users', { token: token.body.token })).status).toBe(403);
    await sleep(expiresAt.getTime() - Date.now() + 10);
    expect(await gateway.call('GET', '/api/panel/users', { token: token.body.token })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });

  it('401 at once after the user is deleted through the API, although their token was just used', async () => {
    const user = await createUser('deleted@example.com');
    expect((await gateway.call('GET', '/api/panel/users', { token: user.token })).status).toBe(403);
    expect((await gateway.call('DELETE', `/api/panel/users/${user.id}`)).status).toBe(204);
    expect(await gateway.call('GET', '/api/panel/users', { token: user.token })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
  });

  it('401 within the cache lifetime for a token revoked by another gateway (a write this one did not make)', async () => {
    const other = await createUser('revoked@example.com');
    expect((await gateway.call('GET', '/api/panel/users', { token: other.token })).status).toBe(403);
    await gateway.tables.db.updateTable('tokens').set({ revoked: true }).where('id', '=', other.tokenId).execute();
    const revokedAt = Date.now();
    while ((await gateway.call('GET', '/api/panel/users', { token: other.token })).status !== 401) {
      expect(Date.now() - revokedAt).toBeLessThan(ACCESS_CACHE_TTL_MS + 500);
      await sleep(100);
    }
  });

  it('403 for a non-admin on every panel endpoint', async () => {
    const { token } = await createUser('member@example.com');
    for (const [method, path] of [
      ['GET', '/api/panel/workspaces'],
      ['POST', '/api/panel/workspaces'],
      ['POST', '/api/panel/workspaces/00000000-0000-4000-8000-000000000000/members'],
      ['GET', '/api/panel/users'],
      ['POST', '/api/panel/users'],
      ['DELETE', '/api/panel/users/1'],
      ['POST', '/api/panel/users/1/tokens'],
      ['GET', '/api/panel/users/1/tokens'],
      ['DELETE', '/api/panel/tokens/1'],
      ['GET', '/api/panel/webhooks'],
      ['POST', '/api/panel/webhooks'],
      ['DELETE', '/api/panel/webhooks/1'],
      ['GET', '/api/panel/webhooks/1/deliveries'],
    ]) {
      const answer = await gateway.call(method, path, { token, body: method === 'GET' ? undefined : {} });
      expect({ method, path, status: answer.status, body: answer.body }).toEqual({ method, path, status: 403, body: UNAUTHORIZED });
    }
  });

  it('an admin created in the panel may use it', async () => {
    const { token } = await createUser('second-admin@example.com', true);
    expect((await gateway.call('GET', '/api/panel/users', { token })).status).toBe(200);
  });

  it('a token with an expiry in the future works and shows it; one in the past is refused', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const created = await gateway.call('POST', '/api/panel/users/1/tokens', { body: { name: 'hour', expires_at: expiresAt } });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({ id: expect.any(Number), name: 'hour', token: expect.stringMatching(/^sps_/), expires_at: expiresAt });
    expect((await gateway.call('GET', '/api/panel/users', { token: created.body.token })).status).toBe(200);

    const past = await gateway.call('POST', '/api/panel/users/1/tokens', { body: { name: 'past', expires_at: '2020-01-01T00:00:00Z' } });
    expect(past).toMatchObject({ status: 422, body: { message: 'Validation errors.', errors: { expires_at: ['The expires_at field must be a date after now.'] } } });
    const garbage = await gateway.call('POST', '/api/panel/users/1/tokens', { body: { name: 'x', expires_at: 'soon' } });
    expect(garbage.body.errors).toEqual({ expires_at: ['The expires_at field must be a valid date.'] });
  });
});

describe('gateway: restarts and the rate limit (SQLite)', () => {
  const FIRST_ADMIN_TOKEN = 'first-admin-token-4f1c9a7e2b8d6035';
  const SECOND_ADMIN_TOKEN = 'second-admin-token-93e0b5d1c7a2f486';

  it('a restart with another ADMIN_TOKEN changes nothing; an ADMIN_TOKEN revoked over the API stays revoked after a restart', async () => {
    const first = await startGatewayTestApp({ ADMIN_TOKEN: FIRST_ADMIN_TOKEN });
    const spare = await first.call('POST', '/api/panel/users/1/tokens', { token: FIRST_ADMIN_TOKEN, body: { name: 'spare' } });
    const [seeded] = (await first.call('GET', '/api/panel/users/1/tokens', { token: spare.body.token })).body.data;
    expect(seeded.name).toBe('ADMIN_TOKEN');
    expect(await first.call('DELETE', `/api/panel/tokens/${seeded.id}`, { token: spare.body.token })).toMatchObject({ status: 204 });
    await first.close();

    for (const adminToken of [SECOND_ADMIN_TOKEN, FIRST_ADMIN_TOKEN]) {
      const again = await startGatewayTestApp({ ADMIN_TOKEN: adminToken }, { database: first.database, services: first.services });
      try {
        expect((await again.call('GET', '/api/panel/users', { token: adminToken })).status).toBe(401);
        const users = await again.call('GET', '/api/panel/users', { token: spare.body.token });
        expect(users.body.data).toHaveLength(1);
      } finally {
        await again.close();
      }
    }
    await first.dispose();
  });

  it('429 with Retry-After once a token used up its requests of the minute; other tokens are counted apart', async () => {
    const gateway = await startGatewayTestApp({ RATE_LIMIT_PER_MINUTE: '3' });
    try {
      for (let i = 0; i < 3; i++) expect((await gateway.call('GET', '/api/panel/workspaces')).status).toBe(200);
      const limited = await gateway.call('GET', '/api/panel/workspaces');
      expect(limited.status).toBe(429);
      expect(limited.body).toEqual({ message: 'Too Many Attempts.' });
      const retryAfter = Number(limited.headers.get('retry-after'));
      expect(Number.isInteger(retryAfter) && retryAfter >= 1 && retryAfter <= 60).toBe(true);
      expect((await gateway.call('GET', '/api/panel/workspaces', { token: 'someone-else' })).status).toBe(401);
    } finally {
      await gateway.dispose();
    }
  });
});
