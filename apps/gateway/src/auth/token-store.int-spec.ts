import { LiveTokenIndex } from './live-token-index';
import { hashToken } from '@app/security';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { AccessCache } from '../access/access-cache';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../gateway-migrations';
import { MAX_LIVE_TOKENS_PER_USER, TokenStore, TooManyTokensError } from './token-store';

/** Tokens: digests only, and which of them still let their owner in, on both engines. */
describe.each(testEngines)('TokenStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let tokens: TokenStore;
  let userId: number;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
  });
  beforeEach(async () => {
    // A fresh cache per test: what one test cached must not answer the next one.
    tokens = new TokenStore(database, new AccessCache(), new LiveTokenIndex(database));
    await database.db.deleteFrom('tokens').execute();
    await database.db.deleteFrom('users').execute();
    const user = await database.db.insertInto('users').values({ name: 'Ann', email: 'ann@example.com', is_admin: true, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    userId = Number(user.id);
  });
  afterAll(() => dispose());

  it('issues a token stored only as its digest, which authenticates its owner', async () => {
    const issued = await tokens.issue(userId, 'ci', null);

    expect(issued).toEqual({ id: expect.any(Number), name: 'ci', token: expect.any(String), expires_at: null });
    const rows = await database.db.selectFrom('tokens').select(['token_hash', 'revoked']).execute();
    expect(rows).toEqual([{ token_hash: hashToken(issued.token), revoked: expect.anything() }]);
    expect(JSON.stringify(rows)).not.toContain(issued.token);
    expect(await tokens.authenticate(issued.token)).toEqual({ userId, isAdmin: true, tokenId: issued.id, tokenExpiresAt: null });
  });

  it('gives the expiry back as ISO-8601 UTC and refuses a token past it', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    const later = await tokens.issue(userId, 'later', expiresAt);
    const past = await tokens.issue(userId, 'past', new Date(Date.now() - 1_000));

    expect(later.expires_at).toBe(expiresAt.toISOString());
    expect(await tokens.authenticate(later.token)).toMatchObject({ userId });
    expect(await tokens.authenticate(past.token)).toBeNull();
  });

  it('refuses a revoked token, one of a deleted user, and an unknown one', async () => {
    const revoked = await tokens.issue(userId, 'revoked', null);
    await tokens.revokeAllOf(userId);
    expect(await tokens.authenticate(revoked.token)).toBeNull();

    const other = await database.db.insertInto('users').values({ name: 'Bo', email: 'bo@example.com', is_admin: false, deleted_at: new Date() }).returning('id').executeTakeFirstOrThrow();
    const ofDeleted = await tokens.issue(Number(other.id), 'gone', null);
    expect(await tokens.authenticate(ofDeleted.token)).toBeNull();
    expect(await tokens.authenticate('not-a-token')).toBeNull();
  });

  it('revokes only the tokens of the user named', async () => {
    const other = await database.db.insertInto('users').values({ name: 'Bo', email: 'bo@example.com', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    const mine = await tokens.issue(userId, 'mine', null);
    const theirs = await tokens.issue(Number(other.id), 'theirs', null);

    await tokens.revokeAllOf(userId);

    expect(await tokens.authenticate(mine.token)).toBeNull();
    expect(await tokens.authenticate(theirs.token)).toMatchObject({ userId: Number(other.id), isAdmin: false });
  });

  it('a chosen token is issued once: never again to anyone, not even after it was revoked', async () => {
    expect(await tokens.issueChosen(userId, 'ADMIN_TOKEN', 'chosen-token')).toMatchObject({ name: 'ADMIN_TOKEN', token: 'chosen-token', expires_at: null });
    await tokens.revokeAllOf(userId);
    const other = await database.db.insertInto('users').values({ name: 'Bo', email: 'bo@example.com', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();

    expect(await tokens.issueChosen(Number(other.id), 'ADMIN_TOKEN', 'chosen-token')).toBeNull();
    expect(await tokens.issueChosen(userId, 'ADMIN_TOKEN', 'chosen-token')).toBeNull();

    expect(await tokens.authenticate('chosen-token')).toBeNull();
    expect(await database.db.selectFrom('tokens').select('id').execute()).toHaveLength(1);
  });

  it('a token issued after its digest was looked up in vain works at once (the miss is not kept)', async () => {
    await tokens.issueChosen(userId, 'first', 'token-a');
    expect(await tokens.authenticate('token-b')).toBeNull();
    await tokens.issueChosen(userId, 'second', 'token-b');
    expect(await tokens.authenticate('token-b')).toMatchObject({ userId });
  });

  it('lists the live tokens of one user without their text or digest; revoke takes one token, of its owner only', async () => {
    const other = await database.db.insertInto('users').values({ name: 'Bo', email: 'bo@example.com', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    const kept = await tokens.issue(userId, 'kept', new Date(Date.now() + 3_600_000));
    const dropped = await tokens.issue(userId, 'dropped', null);
    const theirs = await tokens.issue(Number(other.id), 'theirs', null);

    expect(await tokens.revoke(dropped.id, Number(other.id))).toBe(false);
    expect(await tokens.revoke(dropped.id, userId)).toBe(true);
    expect(await tokens.revoke(dropped.id)).toBe(false);

    const listed = await tokens.listOf(userId);
    expect(listed).toEqual([{ id: kept.id, name: 'kept', created_at: expect.any(String), expires_at: kept.expires_at, last_used_at: null }]);
    expect(Date.parse(listed[0].created_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(JSON.stringify(listed)).not.toContain(kept.token);
    expect(JSON.stringify(listed)).not.toContain(hashToken(kept.token));
    expect(await tokens.authenticate(dropped.token)).toBeNull();
    expect(await tokens.authenticate(theirs.token)).toMatchObject({ userId: Number(other.id) });
  });

  it('records when a token was last used', async () => {
    const issued = await tokens.issue(userId, 'used', null);
    const before = Date.now();
    await tokens.authenticate(issued.token);

    const [listed] = await tokens.listOf(userId);
    expect(Date.parse(listed.last_used_at!)).toBeGreaterThanOrEqual(Math.floor(before / 1000) * 1000 - 1000);
  });

  it('a revocation through this process takes effect on the next lookup, although the owner was cached', async () => {
    const issued = await tokens.issue(userId, 'cached', null);
    expect(await tokens.authenticate(issued.token)).not.toBeNull();
    await tokens.revokeAllOf(userId);
    expect(await tokens.authenticate(issued.token)).toBeNull();
  });

  it(`issues at most ${MAX_LIVE_TOKENS_PER_USER} live tokens per user, counted under a lock, and again once one is revoked or expired`, async () => {
    const past = await tokens.issue(userId, 'expired', new Date(Date.now() - 1_000));
    const attempts = await Promise.allSettled(Array.from({ length: MAX_LIVE_TOKENS_PER_USER + 5 }, (_, index) => tokens.issueWithinLimit(userId, `t${index}`, null)));
    const issued = attempts.filter((attempt) => attempt.status === 'fulfilled').map((attempt) => attempt.value);
    const refused = attempts.filter((attempt) => attempt.status === 'rejected').map((attempt) => attempt.reason);
    expect(issued).toHaveLength(MAX_LIVE_TOKENS_PER_USER);
    expect(refused).toEqual(Array(5).fill(expect.any(TooManyTokensError)));
    expect(past.id).toBeGreaterThan(0);

    await tokens.revoke(issued[0].id, userId);
    await expect(tokens.issueWithinLimit(userId, 'again', null)).resolves.toMatchObject({ name: 'again' });
    await expect(tokens.issueWithinLimit(userId, 'over', null)).rejects.toBeInstanceOf(TooManyTokensError);
  });

  it('tells the caller when its own token expires', async () => {
    const expiresAt = new Date(Date.now() + 3_600_000);
    const issued = await tokens.issue(userId, 'short', expiresAt);
    expect(await tokens.authenticate(issued.token)).toMatchObject({ tokenExpiresAt: expiresAt.getTime() });
  });
});
