import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { AccessCache } from '../../access/access-cache';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { MembershipStore } from '../../workspace/membership-store';
import { WorkspaceStore } from './workspace-store';

/** Workspaces and who belongs to them, on both engines. */
describe.each(testEngines)('WorkspaceStore and MembershipStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let workspaces: WorkspaceStore;
  let memberships: MembershipStore;
  let userId: number;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
  });
  beforeEach(async () => {
    const cache = new AccessCache();
    workspaces = new WorkspaceStore(database, cache);
    memberships = new MembershipStore(database, cache);
    for (const table of ['memberships', 'workspaces', 'users'] as const) await database.db.deleteFrom(table).execute();
    const user = await database.db.insertInto('users').values({ name: 'Ann', email: 'ann@example.com', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    userId = Number(user.id);
  });
  afterAll(() => dispose());

  it('creates workspaces with a fresh uuid and lists them oldest first', async () => {
    const first = await workspaces.create('First');
    // Creation times have millisecond resolution: the second one must come a millisecond later to be younger.
    const createdAt = Date.now();
    while (Date.now() === createdAt) await new Promise((resolve) => setImmediate(resolve));
    const second = await workspaces.create('Second');

    expect(first).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'First',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
    });
    expect(second.uuid).not.toBe(first.uuid);
    expect(await workspaces.list()).toEqual([first, second]);
  });

  it('finds a workspace by its uuid in any letter case, and gives the stored one back', async () => {
    const created = await workspaces.create('W');
    expect(await workspaces.find(created.uuid.toUpperCase())).toBe(created.uuid);
    expect(await workspaces.find('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('adds a member, changes their role in place, and knows no one else', async () => {
    const { uuid } = await workspaces.create('W');
    const other = await workspaces.create('Other');

    await memberships.put(uuid, userId, 'viewer', false);
    expect(await memberships.find(uuid, userId)).toEqual({ role: 'viewer', canApprove: false });

    await memberships.put(uuid, userId, 'admin', true);
    expect(await memberships.find(uuid, userId)).toEqual({ role: 'admin', canApprove: true });
    expect(await database.db.selectFrom('memberships').select('role').execute()).toEqual([{ role: 'admin' }]);
    expect(await memberships.find(other.uuid, userId)).toBeNull();
    expect(await memberships.find(uuid, userId + 1)).toBeNull();
  });

  it('refuses a role outside the contract', async () => {
    const { uuid } = await workspaces.create('W');
    await expect(database.db.insertInto('memberships').values({ workspace_uuid: uuid, user_id: userId, role: 'owner', can_approve: false }).execute()).rejects.toThrow();
  });

  it('renames a workspace in place, and renames no deleted or unknown one', async () => {
    const created = await workspaces.create('Old');
    expect(await workspaces.rename(created.uuid.toUpperCase(), 'New')).toEqual({ ...created, name: 'New' });
    expect(await workspaces.list()).toEqual([{ ...created, name: 'New' }]);
    expect(await workspaces.rename('00000000-0000-4000-8000-000000000000', 'X')).toBeNull();
    await workspaces.markDeleted(created.uuid);
    expect(await workspaces.rename(created.uuid, 'Again')).toBeNull();
  });

  it('deletes a workspace: kept, marked, found and listed no more, its members gone at once (the cache cleared)', async () => {
    const kept = await workspaces.create('Kept');
    const gone = await workspaces.create('Gone');
    await memberships.put(gone.uuid, userId, 'admin', true);
    await memberships.put(kept.uuid, userId, 'member', false);
    expect(await memberships.find(gone.uuid, userId)).toEqual({ role: 'admin', canApprove: true });

    expect(await workspaces.markDeleted(gone.uuid)).toBe(true);

    expect(await workspaces.find(gone.uuid)).toBeNull();
    expect(await workspaces.list()).toEqual([kept]);
    expect(await memberships.find(gone.uuid, userId)).toBeNull();
    expect((await memberships.workspacesOf(userId)).map((workspace) => workspace.uuid)).toEqual([kept.uuid]);
    expect(await database.db.selectFrom('workspaces').select('uuid').where('deleted_at', 'is not', null).execute()).toEqual([{ uuid: gone.uuid }]);
    expect(await workspaces.markDeleted(gone.uuid)).toBe(false);
  });
});
