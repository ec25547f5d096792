import { hashToken } from '@app/security';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { AccessCache } from '../access/access-cache';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../gateway-migrations';
import { INDEX_REFRESH_INTERVAL_MS, INDEX_RELOAD_INTERVAL_MS, LiveTokenIndex } from './live-token-index';
import { TokenStore } from './token-store';

/** The in-memory index of live tokens, as two gateway replicas on one database see it, on both engines. */
describe.each(testEngines)('LiveTokenIndex on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let userId: number;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
  });
  beforeEach(async () => {
    await database.db.deleteFrom('tokens').execute();
    await database.db.deleteFrom('users').execute();
    const user = await database.db.insertInto('users').values({ name: 'Ann', email: 'ann@example.com', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    userId = Number(user.id);
  });
  afterAll(() => dispose());

  const replica = () => {
    const index = new LiveTokenIndex(database);
    return { index, tokens: new TokenStore(database, new AccessCache(), index) };
  };

  it('knows the live tokens from the start, and not expired, revoked or made-up ones', async () => {
    const { tokens } = replica();
    const live = await tokens.issue(userId, 'live', null);
    const revoked = await tokens.issue(userId, 'revoked', null);
    await tokens.revoke(revoked.id);
    const expired = await tokens.issue(userId, 'expired', new Date(Date.now() - 1_000));

    const fresh = new LiveTokenIndex(database);
    expect(await fresh.mayBeLive(hashToken(live.token))).toBe(true);
    for (const token of [revoked.token, expired.token, 'made-up']) expect(await fresh.mayBeLive(hashToken(token))).toBe(false);
  });

  it('learns a token another replica issued on a miss, at most once per refresh interval', async () => {
    const one = replica();
    const other = replica();
    const now = Date.now();
    expect(await other.index.mayBeLive(hashToken('not-yet'), now)).toBe(false);

    const issued = await one.tokens.issue(userId, 'elsewhere', null);
    const select = jest.spyOn(database.db, 'selectFrom');
    expect(await other.index.mayBeLive(hashToken(issued.token), now + 10)).toBe(false);
    expect(select).not.toHaveBeenCalled();
    expect(await other.index.mayBeLive(hashToken(issued.token), now + INDEX_REFRESH_INTERVAL_MS + 10)).toBe(true);
    expect(select).toHaveBeenCalledTimes(1);
    select.mockRestore();
    expect(await other.tokens.authenticate(issued.token)).toMatchObject({ userId });
  });

  it('drops a token revoked on another replica at the next whole reload', async () => {
    const one = replica();
    const other = replica();
    const issued = await one.tokens.issue(userId, 'revoked elsewhere', null);
    const now = Date.now();
    expect(await other.index.mayBeLive(hashToken(issued.token), now)).toBe(true);
    await one.tokens.revoke(issued.id);
    expect(await one.index.mayBeLive(hashToken(issued.token), now)).toBe(false);
    expect(await other.index.mayBeLive(hashToken(issued.token), now)).toBe(true);
    expect(await other.index.mayBeLive(hashToken(issued.token), now + INDEX_RELOAD_INTERVAL_MS)).toBe(false);
  });
});
