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
    const { tokens, bootstrap } = replica('chosen-admin-token');
    await bootstrap.run();

    const [admin] = await users();
    expect(await tokens.authenticate('chosen-admin-token')).toMatchObject({ userId: Number(admin.id), isAdmin: true });
    expect(logged.join('\n')).not.toContain('chosen-admin-token');
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
    await replica('first-token').bootstrap.run();
    logged = [];
    await replica('first-token').bootstrap.run();
    expect(logged).toEqual(['ADMIN_TOKEN is ignored: users exist already (it only seeds the first admin). To replace a lost admin token: npm run admin -- token']);
  });

  it('a later start with another ADMIN_TOKEN attaches it to nobody and keeps the old token', async () => {
    await replica('old-token').bootstrap.run();
    const { tokens, bootstrap } = replica('new-token');
    await bootstrap.run();

    const [admin] = await users();
    expect(await users()).toHaveLength(1);
    expect(await tokens.authenticate('new-token')).toBeNull();
    expect(await tokens.authenticate('old-token')).toMatchObject({ userId: Number(admin.id) });
  });

  it('a revoked ADMIN_TOKEN stays revoked at the next start', async () => {
    const first = replica('seed-token');
    await first.bootstrap.run();
    const [{ id }] = await database.db.selectFrom('tokens').select('id').execute();
    await first.tokens.revoke(Number(id));

    const { tokens, bootstrap } = replica('seed-token');
    await bootstrap.run();

    expect(await tokens.authenticate('seed-token')).toBeNull();
    expect(await database.db.selectFrom('tokens').select(['id', 'revoked']).execute()).toEqual([{ id, revoked: expect.anything() }]);
    expect(Boolean((await database.db.selectFrom('tokens').select('revoked').executeTakeFirstOrThrow()).revoked)).toBe(true);
  });

  it('a start with no users and an ADMIN_TOKEN already used before generates a new token instead of bringing the old one back', async () => {
    const first = replica('used-token');
    await first.bootstrap.run();
    await first.tokens.revokeAllOf(Number((await users())[0].id));
    await database.db.updateTable('users').set({ deleted_at: new Date() }).execute();

    logged = [];
    const { tokens, bootstrap } = replica('used-token');
    await bootstrap.run();

    expect(await tokens.authenticate('used-token')).toBeNull();
    expect(await tokens.authenticate(bootstrap.generatedToken!)).toMatchObject({ isAdmin: true });
  });

  it('replicas starting together create one admin', async () => {
    await Promise.all([replica('a-token'), replica('a-token'), replica('a-token')].map(({ bootstrap }) => bootstrap.run()));
    expect(await users()).toEqual([{ id: expect.anything(), is_admin: expect.anything() }]);
    expect(await database.db.selectFrom('tokens').select('id').execute()).toHaveLength(1);
  });
});
