import { setTimeout as sleep } from 'node:timers/promises';
import { hashToken } from '@app/security';
import { GatewayTestApp, startGatewayTestApp } from './gateway-test-app';

jest.setTimeout(30_000);

const UNAUTHENTICATED = { status: 401, body: { message: 'Unauthenticated.' } };
/** What the dashboard adds to its writes (a cookie-signed write without it is refused). */
const FROM_DASHBOARD = { 'x-requested-with': 'dashboard' };

/** A new user of the gateway (an admin when asked) and one token of theirs, made by the bootstrap admin. */
async function newUser(gateway: GatewayTestApp, email: string, isAdmin = false) {
  const user = await gateway.call('POST', '/api/panel/users', { body: { name: email, email, is_admin: isAdmin } });
  const token = await gateway.call('POST', `/api/panel/users/${user.body.id}/tokens`, { body: { name: 'dashboard' } });
  return { id: user.body.id as number, token: token.body.token as string, tokenId: token.body.id as number };
}

/** Signs in with the token: the `sps_session=<value>` the browser would send back. */
async function signIn(gateway: GatewayTestApp, token: string): Promise<string> {
  const answer = await gateway.call('POST', '/api/session', { token: null, body: { token } });
  expect(answer.status).toBe(200);
  return answer.headers.get('set-cookie')!.split(';')[0];
}

const asSession = (gateway: GatewayTestApp, cookie: string, method: string, path: string, headers: Record<string, string> = {}) =>
  gateway.call(method, path, { token: null, headers: { cookie, ...headers } });

/** The dashboard's session over HTTP: a session of its own in the cookie, never the API token (SQLite). */
describe('gateway: the dashboard session (SQLite, SESSION_TTL_HOURS=0.0005)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp({ SESSION_TTL_HOURS: '0.0005' })));
  afterAll(() => gateway?.dispose());

  it('keeps a random session in the cookie, not the token nor its digest, and answers who is signed in with it', async () => {
    const user = await newUser(gateway, 'signed-in@example.com', true);
    const cookie = await signIn(gateway, user.token);
    const sessionId = decodeURIComponent(cookie.slice('sps_session='.length));
    expect(sessionId).toMatch(/^[\w-]{43}$/);
    expect([user.token, hashToken(user.token)]).not.toContain(sessionId);
    expect(await asSession(gateway, cookie, 'GET', '/api/session')).toMatchObject({ status: 200, body: { user_id: user.id, is_admin: true, token_id: user.tokenId } });
    expect(await asSession(gateway, `sps_session=${encodeURIComponent(user.token)}`, 'GET', '/api/session')).toMatchObject(UNAUTHENTICATED);
  });

  it('signs out at once: the cookie it had is refused from then on', async () => {
    const user = await newUser(gateway, 'signs-out@example.com');
    const cookie = await signIn(gateway, user.token);
    expect((await asSession(gateway, cookie, 'GET', '/api/me')).status).toBe(200);
    const signedOut = await asSession(gateway, cookie, 'DELETE', '/api/session', FROM_DASHBOARD);
    expect(signedOut.status).toBe(204);
    expect(signedOut.headers.get('set-cookie')).toMatch(/^sps_session=; .*Max-Age=0/);
    expect(await asSession(gateway, cookie, 'GET', '/api/me')).toMatchObject(UNAUTHENTICATED);
    expect(await asSession(gateway, cookie, 'GET', '/api/session')).toMatchObject(UNAUTHENTICATED);
    // The token itself is still good, and opens a new session.
    expect((await asSession(gateway, await signIn(gateway, user.token), 'GET', '/api/me')).status).toBe(200);
  });

  it('ends the sessions of a token revoked by its owner (DELETE /api/me/tokens/{id}) or on the panel (DELETE /api/panel/tokens/{id})', async () => {
    const own = await newUser(gateway, 'revokes-own@example.com');
    const ownSession = await signIn(gateway, own.token);
    expect((await asSession(gateway, ownSession, 'DELETE', `/api/me/tokens/${own.tokenId}`, FROM_DASHBOARD)).status).toBe(204);
    expect(await asSession(gateway, ownSession, 'GET', '/api/me')).toMatchObject(UNAUTHENTICATED);

    const other = await newUser(gateway, 'revoked-by-admin@example.com');
    const otherSession = await signIn(gateway, other.token);
    expect((await gateway.call('DELETE', `/api/panel/tokens/${other.tokenId}`)).status).toBe(204);
    expect(await asSession(gateway, otherSession, 'GET', '/api/me')).toMatchObject(UNAUTHENTICATED);
  });

  it('expires after SESSION_TTL_HOURS (here 1.8 s), while the token goes on working', async () => {
    const user = await newUser(gateway, 'expires@example.com');
    const cookie = await signIn(gateway, user.token);
    expect((await asSession(gateway, cookie, 'GET', '/api/me')).status).toBe(200);
    await sleep(2_000);
    expect(await asSession(gateway, cookie, 'GET', '/api/me')).toMatchObject(UNAUTHENTICATED);
    expect((await gateway.call('GET', '/api/me', { token: user.token })).status).toBe(200);
  });

});

describe('gateway: the dashboard session under the rate limit and the forgery rules (SQLite, RATE_LIMIT_PER_MINUTE=8)', () => {
  let gateway: GatewayTestApp;
  beforeAll(async () => (gateway = await startGatewayTestApp({ RATE_LIMIT_PER_MINUTE: '8' })));
  afterAll(() => gateway?.dispose());

  it('asks X-Requested-With of a write signed in by the session, and counts its requests against its token', async () => {
    const user = await newUser(gateway, 'writes@example.com', true);
    const cookie = await signIn(gateway, user.token);
    const create = (headers: Record<string, string>) => gateway.call('POST', '/api/panel/workspaces', { token: null, body: { name: 'By session' }, headers: { cookie, ...headers } });
    expect(await create({})).toMatchObject({ status: 403, body: { message: 'A request signed in with the session cookie must carry the X-Requested-With header.' } });
    expect((await create(FROM_DASHBOARD)).status).toBe(201);
    const statuses: number[] = [];
    for (let index = 0; index < 3; index++) statuses.push((await asSession(gateway, cookie, 'GET', '/api/me')).status);
    for (let index = 0; index < 4; index++) statuses.push((await gateway.call('GET', '/api/me', { token: user.token })).status);
    expect(statuses).toEqual([200, 200, 200, 200, 200, 200, 429]);
  });
});
