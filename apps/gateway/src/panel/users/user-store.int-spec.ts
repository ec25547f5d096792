import { LiveTokenIndex } from '../../auth/live-token-index';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { AccessCache } from '../../access/access-cache';
import { TokenStore } from '../../auth/token-store';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { MembershipStore } from '../../workspace/membership-store';
import { UserStore } from './user-store';

/** Users: unique live emails in any letter case, and what deleting one takes away, on both engines. */
describe.each(testEngines)('UserStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let tokens: TokenStore;
  let memberships: MembershipStore;
  let users: UserStore;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
  });
  beforeEach(async () => {
    const cache = new AccessCache();
    tokens = new TokenStore(database, cache, new LiveTokenIndex(database));
    memberships = new MembershipStore(database, cache);
    users = new UserStore(database, tokens, cache);
    for (const table of ['tokens', 'memberships', 'workspaces', 'users'] as const) await database.db.deleteFrom(table).execute();
  });
  afterAll(() => dispose());

  it('creates users with increasing ids and lists the live ones in that order', async () => {
    const ann = await users.create('Ann', 'ann@example.com', true);
    const bo = await users.create('Bo', 'bo@example.com', false);

    expect(ann).toEqual({ id: expect.any(Number), name: 'Ann', email: 'ann@example.com', is_admin: true });
    expect(bo!.id).toBeGreaterThan(ann!.id);
    expect(await users.list()).toEqual([ann, bo]);
    expect(await users.exists(bo!.id)).toBe(true);
    expect(await users.exists(bo!.id + 1)).toBe(false);
    expect(await users.exists(Number.MAX_VALUE)).toBe(false);
  });

  it('refuses an email a live user has, in any letter case, and frees it when that user is deleted', async () => {
    const ann = await users.create('Ann', 'ann@example.com', false);
    expect(await users.create('Other Ann', 'ANN@Example.com', false)).toBeNull();

    expect(await users.delete(ann!.id)).toBe(true);
    const again = await users.create('New Ann', 'Ann@example.com', false);

    expect(again).toMatchObject({ name: 'New Ann' });
    expect(again!.id).toBeGreaterThan(ann!.id);
    expect(await users.list()).toEqual([again]);
  });

  it('deleting a user revokes their tokens and removes their memberships, once', async () => {
    const ann = (await users.create('Ann', 'ann@example.com', false))!;
    const bo = (await users.create('Bo', 'bo@example.com', false))!;
    const workspace = '2f0c6a3e-1111-4a7b-8c9d-000000000001';
    await database.db.insertInto('workspaces').values({ uuid: workspace, name: 'W' }).execute();
    await memberships.put(workspace, ann.id, 'member', true);
    await memberships.put(workspace, bo.id, 'viewer', false);
    const annToken = await tokens.issue(ann.id, 'a', null);
    const boToken = await tokens.issue(bo.id, 'b', null);
    expect(await tokens.authenticate(annToken.token)).not.toBeNull();
    expect(await memberships.find(workspace, ann.id)).toEqual({ role: 'member', canApprove: true });

    expect(await users.delete(ann.id)).toBe(true);

    expect(await tokens.authenticate(annToken.token)).toBeNull();
    expect(await memberships.find(workspace, ann.id)).toBeNull();
    expect(await users.exists(ann.id)).toBe(false);
    expect(await tokens.authenticate(boToken.token)).toMatchObject({ userId: bo.id });
    expect(await memberships.find(workspace, bo.id)).toEqual({ role: 'viewer', canApprove: false });
    expect(await users.delete(ann.id)).toBe(false);
    expect(await users.delete(bo.id + 100)).toBe(false);
  });
});
