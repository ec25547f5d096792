import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';
import { original } from './sample-posts';

jest.setTimeout(30_000);

/**
 * An `Idempotency-Key` replay never hands a secret made for one token to another: the keys of the
 * routes that answer a token or a webhook secret are the token's, those of the others the user's.
 */
describe('gateway: Idempotency-Key on routes that answer a secret (SQLite)', () => {
  let gateway: GatewayTestApp;
  let workspace: string;
  /** A second token of the bootstrap admin, short-lived, as a browser or a script might hold. */
  let shortLived: { token: string; expiresAt: string };

  beforeAll(async () => {
    gateway = await startGatewayTestApp();
    workspace = (await gateway.call('POST', '/api/panel/workspaces', { body: { name: 'Acme' } })).body.uuid;
    const expiresAt = new Date(Date.now() + 3_600_000).toISOString();
    const issued = await gateway.call('POST', '/api/me/tokens', { body: { name: 'short-lived', expires_at: expiresAt } });
    expect(issued.status).toBe(201);
    shortLived = { token: issued.body.token, expiresAt };
  });
  afterAll(() => gateway?.dispose());

  const withKey = (key: string, token?: string) => ({ headers: { 'idempotency-key': key }, ...(token && { token }) });
  const replayedOf = (answer: { headers: Headers }) => answer.headers.get('idempotent-replayed');

  it.each([
    ['POST /api/me/tokens', () => '/api/me/tokens'],
    ['POST /api/panel/users/{id}/tokens', () => '/api/panel/users/1/tokens'],
  ])('%s: the same key and body sent with another token of the same user make a token of its own, never the first one again', async (_route, path) => {
    const key = `token-${path()}`;
    const first = await gateway.call('POST', path(), { body: { name: 'ci' }, ...withKey(key) });
    expect(first.status).toBe(201);

    const other = await gateway.call('POST', path(), { body: { name: 'ci' }, ...withKey(key, shortLived.token) });
    expect({ status: other.status, replayed: replayedOf(other) }).toEqual({ status: 201, replayed: null });
    expect(other.body.token).not.toBe(first.body.token);
    expect(other.body.id).not.toBe(first.body.id);
    // Made by the short-lived token, the new token does not outlive it.
    expect(Date.parse(other.body.expires_at)).toBeLessThanOrEqual(Date.parse(shortLived.expiresAt));

    const again = await gateway.call('POST', path(), { body: { name: 'ci' }, ...withKey(key) });
    expect({ status: again.status, replayed: replayedOf(again), token: again.body.token }).toEqual({ status: 201, replayed: 'true', token: first.body.token });
  });

  it.each([
    ['POST /api/{workspace}/webhooks', () => `/api/${workspace}/webhooks`],
    ['POST /api/panel/webhooks', () => '/api/panel/webhooks'],
  ])('%s: the same key sent with another token creates the webhook again rather than replay its secret', async (_route, path) => {
    const body = { url: 'https://hooks.example.com/social' };
    const creates = () => gateway.services.callsOf('webhooks.create').length;
    const before = creates();
    expect((await gateway.call('POST', path(), { body, ...withKey('hook') })).status).toBe(201);
    const other = await gateway.call('POST', path(), { body, ...withKey('hook', shortLived.token) });
    expect({ status: other.status, replayed: replayedOf(other), creates: creates() - before }).toEqual({ status: 201, replayed: null, creates: 2 });
    expect(replayedOf(await gateway.call('POST', path(), { body, ...withKey('hook') }))).toBe('true');
    expect(creates() - before).toBe(2);
  });

  it('keeps the keys of a route that answers no secret the user\'s: another token of the user gets the answer again', async () => {
    const post = { versions: [original] };
    const first = await gateway.call('POST', `/api/${workspace}/posts`, { body: post, ...withKey('post') });
    const other = await gateway.call('POST', `/api/${workspace}/posts`, { body: post, ...withKey('post', shortLived.token) });
    expect({ status: other.status, replayed: replayedOf(other), uuid: other.body.uuid }).toEqual({ status: 201, replayed: 'true', uuid: first.body.uuid });
  });
});
