import { hashToken } from '@app/security';
import { BOOTSTRAP_ADMIN_TOKEN, GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

const UNAUTHENTICATED = { message: 'Unauthenticated.' };
const TOKEN_NOT_FOUND = { message: 'Token not found.' };

jest.setTimeout(30_000);

/** Token management over HTTP: an admin lists and revokes anyone's tokens, every user their own. */
describe('gateway: listing and revoking tokens (SQLite)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp()));
  afterAll(() => gateway?.dispose());

  const createUser = async (email: string) => {
    const user = await gateway.call('POST', '/api/panel/users', { body: { name: email, email } });
    expect(user.status).toBe(201);
    const token = await gateway.call('POST', `/api/panel/users/${user.body.id}/tokens`, { body: { name: 'first' } });
    expect(token.status).toBe(201);
    return { id: user.body.id as number, token: token.body.token as string, tokenId: token.body.id as number };
  };

  it("GET /api/panel/users/{id}/tokens: the user's live tokens with their dates, never the token or its digest", async () => {
    const user = await createUser('listed@example.com');
    const expiresAt = new Date(Date.now() + 86_400_000).toISOString();
    const second = await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 'deploy', expires_at: expiresAt } });
    expect((await gateway.call('GET', '/api/panel/users', { token: user.token })).status).toBe(403);

    const listed = await gateway.call('GET', `/api/panel/users/${user.id}/tokens`);

    expect(listed.status).toBe(200);
    expect(listed.body).toEqual({
      data: [
        { id: user.tokenId, name: 'first', created_at: expect.any(String), expires_at: null, last_used_at: expect.any(String) },
        { id: second.body.id, name: 'deploy', created_at: expect.any(String), expires_at: expiresAt, last_used_at: null },
      ],
    });
    expect(Math.abs(Date.parse(listed.body.data[0].last_used_at) - Date.now())).toBeLessThan(60_000);
    const text = JSON.stringify(listed.body);
    for (const secret of [user.token, second.body.token, hashToken(user.token), hashToken(second.body.token)]) expect(text).not.toContain(secret);
  });

  it('GET /api/panel/users/{id}/tokens: 404 for an unknown or deleted user', async () => {
    const gone = await createUser('gone@example.com');
    await gateway.call('DELETE', `/api/panel/users/${gone.id}`);
    for (const id of ['999999', 'abc', String(gone.id)]) {
      expect(await gateway.call('GET', `/api/panel/users/${id}/tokens`)).toMatchObject({ status: 404, body: { message: 'User not found.' } });
    }
  });

  it('DELETE /api/panel/tokens/{id}: 204, then the token gets 401 and is no longer listed; again 404', async () => {
    const user = await createUser('revoked@example.com');
    const kept = await gateway.call('POST', `/api/panel/users/${user.id}/tokens`, { body: { name: 'kept' } });
    expect((await gateway.call('GET', '/api/panel/users', { token: user.token })).status).toBe(403);

    const revoked = await gateway.call('DELETE', `/api/panel/tokens/${user.tokenId}`);

    expect(revoked).toMatchObject({ status: 204, body: null });
    expect(await gateway.call('GET', '/api/me/tokens', { token: user.token })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect((await gateway.call('GET', '/api/me/tokens', { token: kept.body.token })).status).toBe(200);
    const listed = await gateway.call('GET', `/api/panel/users/${user.id}/tokens`);
    expect(listed.body.data.map((token: { name: string }) => token.name)).toEqual(['kept']);
    expect(await gateway.call('DELETE', `/api/panel/tokens/${user.tokenId}`)).toMatchObject({ status: 404, body: TOKEN_NOT_FOUND });
    expect(await gateway.call('DELETE', '/api/panel/tokens/999999')).toMatchObject({ status: 404, body: TOKEN_NOT_FOUND });
    expect(await gateway.call('DELETE', '/api/panel/tokens/x')).toMatchObject({ status: 404, body: TOKEN_NOT_FOUND });
  });

  it('403 for a non-admin on the panel token endpoints', async () => {
    const user = await createUser('not-admin@example.com');
    expect((await gateway.call('GET', '/api/panel/users/1/tokens', { token: user.token })).status).toBe(403);
    expect((await gateway.call('DELETE', '/api/panel/tokens/1', { token: user.token })).status).toBe(403);
    expect((await gateway.call('GET', '/api/panel/users', { token: BOOTSTRAP_ADMIN_TOKEN })).status).toBe(200);
  });

  it('/api/me/tokens: a user lists, creates and revokes their own tokens, and only theirs', async () => {
    const ann = await createUser('ann@example.com');
    const bob = await createUser('bob@example.com');

    const created = await gateway.call('POST', '/api/me/tokens', { token: ann.token, body: { name: ' laptop ' } });
    expect(created).toMatchObject({ status: 201, body: { id: expect.any(Number), name: 'laptop', token: expect.stringMatching(/^sps_/), expires_at: null } });
    expect((await gateway.call('GET', '/api/me/tokens', { token: created.body.token })).status).toBe(200);

    const mine = await gateway.call('GET', '/api/me/tokens', { token: ann.token });
    expect(mine.body.data.map((token: { id: number; name: string }) => [token.id, token.name])).toEqual([
      [ann.tokenId, 'first'],
      [created.body.id, 'laptop'],
    ]);
    expect(JSON.stringify(mine.body)).not.toContain(created.body.token);

    expect(await gateway.call('DELETE', `/api/me/tokens/${bob.tokenId}`, { token: ann.token })).toMatchObject({ status: 404, body: TOKEN_NOT_FOUND });
    expect((await gateway.call('GET', '/api/me/tokens', { token: bob.token })).status).toBe(200);

    expect((await gateway.call('DELETE', `/api/me/tokens/${created.body.id}`, { token: ann.token })).status).toBe(204);
    expect(await gateway.call('GET', '/api/me/tokens', { token: created.body.token })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    expect((await gateway.call('GET', '/api/me/tokens', { token: ann.token })).body.data).toHaveLength(1);
  });

  it('/api/me/tokens: 422 for a missing name or an expiry in the past, 401 without a token', async () => {
    const user = await createUser('invalid@example.com');
    expect(await gateway.call('POST', '/api/me/tokens', { token: user.token, body: {} })).toMatchObject({
      status: 422,
      body: { message: 'Validation errors.', errors: { name: ['The name field is required.'] } },
    });
    expect(await gateway.call('POST', '/api/me/tokens', { token: user.token, body: { name: 'old', expires_at: '2020-01-01T00:00:00Z' } })).toMatchObject({
      status: 422,
      body: { errors: { expires_at: ['The expires_at field must be a date after now.'] } },
    });
    for (const [method, path] of [['GET', '/api/me/tokens'], ['POST', '/api/me/tokens'], ['DELETE', '/api/me/tokens/1']]) {
      expect(await gateway.call(method, path, { token: null, body: method === 'POST' ? { name: 'x' } : undefined })).toMatchObject({ status: 401, body: UNAUTHENTICATED });
    }
  });
});
