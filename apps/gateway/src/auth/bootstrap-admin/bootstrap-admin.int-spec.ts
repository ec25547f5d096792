import { LiveTokenIndex } from '../live-token-index';
import { Logger } from '@nestjs/common';
import { loadConfig } from '@app/config';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { AccessCache } from '../../access/access-cache';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { TokenStore } from '../token-store';
import { BootstrapAdmin } from './bootstrap-admin';

/** The first admin, on both engines: created once, even by replicas starting together. */
describe.each(testEngines)('BootstrapAdmin on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let logged: string[];

  /** One gateway starting with this ADMIN_TOKEN (or none): its own cache, as another replica would have. */
  const replica = (adminToken?: string) => {
    const tokens = new TokenStore(database, new AccessCache(), new LiveTokenIndex(database));
    const config = loadConfig(adminToken === undefined ? {} : { ADMIN_TOKEN: adminToken });
    return { tokens, bootstrap: new BootstrapAdmin(database, config, tokens) };
  };
  const users = () => database.db.selectFrom('users').select(['id', 'is_admin']).execute();

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
  });
  beforeEach(async () => {
    logged = [];
    jest.spyOn(Logger.prototype, 'log').mockImplementation((message: unknown) => void logged.push(String(message)));
    jest.spyOn(Logger.prototype, 'warn').mockImplementation(() => undefined);
    await database.db.deleteFrom('tokens').execute();
    await database.db.deleteFrom('users').execute();
  });
  afterEach(() => jest.restoreAllMocks());
  afterAll(() => dispose());

  it('creates an admin whose token is ADMIN_TOKEN, and logs no token', async () => {
    const { tokens, bootstrap } = replica('chosen-admin-token-5a0d3f8c2e7b9146');
    await bootstrap.run();

    const [admin] = await users();
    expect(await tokens.authenticate('chosen-admin-token-5a0d3f8c2e7b9146')).toMatchObject({ userId: Number(admin.id), isAdmin: true });
    expect(logged.join('\n')).not.toContain('chosen-admin-token-5a0d3f8c2e7b9146');
  });

  it('without ADMIN_TOKEN, generates a token for the start banner, logs none, and generates nothing at the next start', async () => {
    const { tokens, bootstrap } = replica();
    await bootstrap.run();
    const generated = bootstrap.generatedToken!;
    expect(await tokens.authenticate(generated)).toMatchObject({ isAdmin: true });
    expect(logged.join('\n')).not.toContain(generated);
    const [admin] = await users();
    expect((await tokens.listOf(Number(admin.id))).map(({ name }) => name)).toEqual(['Generated at first start']);

    logged = [];
    const next = replica().bootstrap;
    await next.run();
    expect(next.generatedToken).toBeNull();
    expect(logged).toEqual([]);
    expect(await users()).toHaveLength(1);
  });

  it('once users exist, ADMIN_TOKEN is ignored in one line that says how to replace a lost admin token', async () => {
    await replica('first-admin-token-4f1c9a7e2b8d6035').bootstrap.run();
    logged = [];
    await replica('first-admin-token-4f1c9a7e2b8d6035').bootstrap.run();
    expect(logged).toEqual(['ADMIN_TOKEN is ignored: users exist already (it only seeds the first admin). To replace a lost admin token: npm run admin -- token']);
  });

  it('a later start with another ADMIN_TOKEN attaches it to nobody and keeps the old token', async () => {
    await replica('old-admin-token-c81e5b09d3a74f26').bootstrap.run();
    const { tokens, bootstrap } = replica('new-admin-token-07d4a9e2f6b13c58');
    await bootstrap.run();

    const [admin] = await users();
    expect(await users()).toHaveLength(1);
    expect(await tokens.authenticate('new-admin-token-07d4a9e2f6b13c58')).toBeNull();
    expect(await tokens.authenticate('old-admin-token-c81e5b09d3a74f26')).toMatchObject({ userId: Number(admin.id) });
  });

  it('a revoked ADMIN_TOKEN stays revoked at the next start', async () => {
    const first = replica('seed-admin-token-e2b7f05c9a1d4863');
    await first.bootstrap.run();
    const [{ id }] = await database.db.selectFrom('tokens').select('id').execute();
    await first.tokens.revoke(Number(id));

    const { tokens, bootstrap } = replica('seed-admin-token-e2b7f05c9a1d4863');
    await bootstrap.run();

    expect(await tokens.authenticate('seed-admin-token-e2b7f05c9a1d4863')).toBeNull();
    expect(await database.db.selectFrom('tokens').select(['id', 'revoked']).execute()).toEqual([{ id, revoked: expect.anything() }]);
    expect(Boolean((await database.db.selectFrom('tokens').select('revoked').executeTakeFirstOrThrow()).revoked)).toBe(true);
  });

  it('a start with no users and an ADMIN_TOKEN already used before generates a new token instead of bringing the old one back', async () => {
    const first = replica('used-admin-token-9c3a6e1f7b0d25d4');
    await first.bootstrap.run();
    await first.tokens.revokeAllOf(Number((await users())[0].id));
    await database.db.updateTable('users').set({ deleted_at: new Date() }).execute();

    logged = [];
    const { tokens, bootstrap } = replica('used-admin-token-9c3a6e1f7b0d25d4');
    await bootstrap.run();

    expect(await tokens.authenticate('used-admin-token-9c3a6e1f7b0d25d4')).toBeNull();
    expect(await tokens.authenticate(bootstrap.generatedToken!)).toMatchObject({ isAdmin: true });
  });

  it('replicas starting together create one admin', async () => {
    await Promise.all([replica('one-admin-token-for-all-replicas-b5f1'), replica('one-admin-token-for-all-replicas-b5f1'), replica('one-admin-token-for-all-replicas-b5f1')].map(({ bootstrap }) => bootstrap.run()));
    expect(await users()).toEqual([{ id: expect.anything(), is_admin: expect.anything() }]);
    expect(await database.db.selectFrom('tokens').select('id').execute()).toHaveLength(1);
  });
});
