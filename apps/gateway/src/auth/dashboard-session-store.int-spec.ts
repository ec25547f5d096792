import { hashToken } from '@app/security';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { AccessCache } from '../access/access-cache';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../gateway-migrations';
import type { AuthenticatedUser } from './authenticated-user';
import { DashboardSessionStore, SESSION_ID_BYTES } from './dashboard-session-store';
import { INDEX_REFRESH_INTERVAL_MS, LiveTokenIndex } from './live-token-index';
import { TokenStore } from './token-store';

const HOUR_MS = 3_600_000;

/** The dashboard's sessions, as two gateway replicas on one database see them, on both engines. */
describe.each(testEngines)('DashboardSessionStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let userId: number;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
  });
  beforeEach(async () => {
    await database.db.deleteFrom('dashboard_sessions').execute();
    await database.db.deleteFrom('tokens').execute();
    await database.db.deleteFrom('users').execute();
    const user = await database.db.insertInto('users').values({ name: 'Ann', email: 'ann@example.com', is_admin: true, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    userId = Number(user.id);
  });
  afterAll(() => dispose());

  /** One gateway process: its index, tokens and sessions (SESSION_TTL_HOURS of 12 unless given). */
  const replica = (sessionTtlHours = 12) => {
    const index = new LiveTokenIndex(database);
    const tokens = new TokenStore(database, new AccessCache(), index);
    return { index, tokens, sessions: new DashboardSessionStore(database, index, tokens, { sessionTtlHours }) };
  };

  /** Signs in with a new token (expiring at `tokenExpiresAt`, or never). */
  async function signedIn(gateway: ReturnType<typeof replica>, tokenExpiresAt: Date | null = null) {
    const token = await gateway.tokens.issue(userId, 'dashboard', tokenExpiresAt);
    const user = (await gateway.tokens.authenticate(token.token)) as AuthenticatedUser;
    return { token, user, sessionId: await gateway.sessions.open(user) };
  }

  const sessionRows = () => database.db.selectFrom('dashboard_sessions').selectAll().execute();

  it('opens a random session, not the token, stored only as its digest with its user and token, which lets the user in', async () => {
    const gateway = replica();
    const { token, user, sessionId } = await signedIn(gateway);

    expect(Buffer.from(sessionId, 'base64url')).toHaveLength(SESSION_ID_BYTES);
    expect(sessionId).not.toBe(token.token);
    const rows = await sessionRows();
    expect(rows).toEqual([expect.objectContaining({ session_hash: hashToken(sessionId), user_id: expect.anything(), token_id: expect.anything() })]);
    expect([Number(rows[0].user_id), Number(rows[0].token_id)]).toEqual([userId, token.id]);
    expect(JSON.stringify(rows)).not.toContain(sessionId);
    expect(await gateway.sessions.authenticate(sessionId)).toEqual(user);
    expect(await gateway.sessions.authenticate(token.token)).toBeNull();
    expect(await gateway.tokens.authenticate(sessionId)).toBeNull();
  });

  it('expires SESSION_TTL_HOURS after sign-in', async () => {
    const gateway = replica(2);
    const { user } = await signedIn(gateway);
    const openedAt = Date.now();
    const stale = await gateway.sessions.open(user, openedAt - 3 * HOUR_MS);
    const fresh = await gateway.sessions.open(user, openedAt);

    expect(await gateway.sessions.authenticate(stale)).toBeNull();
    expect(await gateway.sessions.authenticate(fresh)).toMatchObject({ userId });
    const expiry = (await sessionRows()).find((row) => row.session_hash === hashToken(fresh))!.expires_at;
    expect(new Date(expiry).getTime()).toBe(openedAt + 2 * HOUR_MS);
  });

  it('never outlives the token it was opened with: it expires with it, and ends when it is revoked', async () => {
    const gateway = replica();
    const tokenExpiresAt = new Date(Date.now() + 1_500);
    const expiring = await signedIn(gateway, tokenExpiresAt);
    expect(new Date((await sessionRows())[0].expires_at).getTime()).toBe(tokenExpiresAt.getTime());
    expect(expiring.user.tokenExpiresAt).toBe(tokenExpiresAt.getTime());

    const revoked = await signedIn(gateway);
    const sameToken = await gateway.sessions.open(revoked.user);
    expect(await gateway.tokens.revoke(revoked.token.id)).toBe(true);
    expect(await gateway.sessions.authenticate(revoked.sessionId)).toBeNull();
    expect(await gateway.sessions.authenticate(sameToken)).toBeNull();
    expect((await sessionRows()).map((row) => Number(row.token_id))).toEqual([expiring.token.id]);

    await new Promise((resolve) => setTimeout(resolve, tokenExpiresAt.getTime() - Date.now() + 10));
    expect(await gateway.sessions.authenticate(expiring.sessionId)).toBeNull();
  });

  it('ends every session of a user whose tokens are all revoked (a deleted user)', async () => {
    const gateway = replica();
    const first = await signedIn(gateway);
    const second = await signedIn(gateway);
    await gateway.tokens.revokeAllOf(userId);
    expect(await sessionRows()).toEqual([]);
    for (const { sessionId } of [first, second]) expect(await gateway.sessions.authenticate(sessionId)).toBeNull();
  });

  it('signs out at once, on every replica: the session ended on one is refused by the other on its next request', async () => {
    const one = replica();
    const other = replica();
    const { sessionId } = await signedIn(one);
    expect(await other.sessions.authenticate(sessionId)).toMatchObject({ userId });

    await one.sessions.end(sessionId);
    expect(await sessionRows()).toEqual([]);
    expect(await one.sessions.authenticate(sessionId)).toBeNull();
    expect(await other.sessions.authenticate(sessionId)).toBeNull();
  });

  it('learns a session another replica opened on a miss, and refuses made-up ones without a statement', async () => {
    const one = replica();
    const other = replica();
    const now = Date.now();
    expect(await other.index.mayBeLive(hashToken('not-yet'), now)).toBe(false);
    const { sessionId } = await signedIn(one);
    expect(await other.index.mayBeLive(hashToken(sessionId), now + INDEX_REFRESH_INTERVAL_MS + 10)).toBe(true);
    expect(await other.sessions.authenticate(sessionId)).toMatchObject({ userId });

    const select = jest.spyOn(database.db, 'selectFrom');
    const remove = jest.spyOn(database.db, 'deleteFrom');
    expect(await other.sessions.authenticate('made-up-session')).toBeNull();
    await other.sessions.end('made-up-session');
    expect(select).not.toHaveBeenCalled();
    expect(remove).not.toHaveBeenCalled();
    select.mockRestore();
    remove.mockRestore();
  });
});
