import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { AccessCache } from '../../access/access-cache';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../../gateway-migrations';
import { MembershipStore } from '../../workspace/membership-store';
import { WorkspaceStore } from './workspace-store';
import type { WorkspaceView } from './workspace-view';

/** A workspace as the list shows it (its creation answers its creator's membership too). */
const listed = ({ uuid, name, created_at }: WorkspaceView): WorkspaceView => ({ uuid, name, created_at });

/** Workspaces and who belongs to them, on both engines. */
describe.each(testEngines)('WorkspaceStore and MembershipStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let workspaces: WorkspaceStore;
  let memberships: MembershipStore;
  let userId: number;
  /** Who creates the workspaces of these tests. */
  let creatorId: number;

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
    const creator = await database.db.insertInto('users').values({ name: 'Cy', email: 'cy@example.com', is_admin: true, deleted_at: null }).returning('id').executeTakeFirstOrThrow();
    creatorId = Number(creator.id);
  });
  afterAll(() => dispose());

  it('creates workspaces with a fresh uuid and lists them oldest first', async () => {
    const first = await workspaces.create('First', creatorId);
    // Creation times have millisecond resolution: the second one must come a millisecond later to be younger.
    const createdAt = Date.now();
    while (Date.now() === createdAt) await new Promise((resolve) => setImmediate(resolve));
    const second = await workspaces.create('Second', creatorId);

    expect(first).toEqual({
      uuid: expect.stringMatching(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/),
      name: 'First',
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      membership: { workspace_uuid: first.uuid, role: 'admin', can_approve: true },
    });
    expect(second.uuid).not.toBe(first.uuid);
    expect(await workspaces.list()).toEqual([listed(first), listed(second)]);
  });

  it('makes the creator of a workspace its first member, an admin who may approve, and no one else', async () => {
    const { uuid } = await workspaces.create('W', creatorId);
    expect(await memberships.find(uuid, creatorId)).toEqual({ role: 'admin', canApprove: true });
    expect(await memberships.membersOf(uuid)).toEqual([{ user_id: creatorId, name: 'Cy', email: 'cy@example.com', role: 'admin', can_approve: true }]);
    expect(await memberships.find(uuid, userId)).toBeNull();
  });

  it('finds a workspace by its uuid in any letter case, and gives the stored one back', async () => {
    const created = await workspaces.create('W', creatorId);
    expect(await workspaces.find(created.uuid.toUpperCase())).toBe(created.uuid);
    expect(await workspaces.find('00000000-0000-4000-8000-000000000000')).toBeNull();
  });

  it('adds a member, changes their role in place, and knows no one else', async () => {
    const { uuid } = await workspaces.create('W', creatorId);
    const other = await workspaces.create('Other', creatorId);

    await memberships.put(uuid, userId, 'viewer', false);
    expect(await memberships.find(uuid, userId)).toEqual({ role: 'viewer', canApprove: false });

    await memberships.put(uuid, userId, 'admin', true);
    expect(await memberships.find(uuid, userId)).toEqual({ role: 'admin', canApprove: true });
    expect(await database.db.selectFrom('memberships').select('role').where('user_id', '=', userId).execute()).toEqual([{ role: 'admin' }]);
    expect(await memberships.find(other.uuid, userId)).toBeNull();
    expect(await memberships.find(uuid, Math.max(userId, creatorId) + 1)).toBeNull();
  });

  it('refuses a role outside the contract', async () => {
    const { uuid } = await workspaces.create('W', creatorId);
    await expect(database.db.insertInto('memberships').values({ workspace_uuid: uuid, user_id: userId, role: 'owner', can_approve: false }).execute()).rejects.toThrow();
  });

  it('renames a workspace in place, and renames no deleted or unknown one', async () => {
    const created = await workspaces.create('Old', creatorId);
    expect(await workspaces.rename(created.uuid.toUpperCase(), 'New')).toEqual({ ...listed(created), name: 'New' });
    expect(await workspaces.list()).toEqual([{ ...listed(created), name: 'New' }]);
    expect(await workspaces.rename('00000000-0000-4000-8000-000000000000', 'X')).toBeNull();
    await workspaces.markDeleted(created.uuid);
    expect(await workspaces.rename(created.uuid, 'Again')).toBeNull();
  });

  it('deletes a workspace: kept, marked, found and listed no more, its members gone at once (the cache cleared)', async () => {
    const kept = await workspaces.create('Kept', creatorId);
    const gone = await workspaces.create('Gone', creatorId);
    await memberships.put(gone.uuid, userId, 'admin', true);
    await memberships.put(kept.uuid, userId, 'member', false);
    expect(await memberships.find(gone.uuid, userId)).toEqual({ role: 'admin', canApprove: true });

    expect(await workspaces.markDeleted(gone.uuid)).toBe(true);

    expect(await workspaces.find(gone.uuid)).toBeNull();
    expect(await workspaces.list()).toEqual([listed(kept)]);
    expect(await memberships.find(gone.uuid, userId)).toBeNull();
    expect((await memberships.workspacesOf(userId)).map((workspace) => workspace.uuid)).toEqual([kept.uuid]);
    expect(await database.db.selectFrom('workspaces').select('uuid').where('deleted_at', 'is not', null).execute()).toEqual([{ uuid: gone.uuid }]);
    expect(await workspaces.markDeleted(gone.uuid)).toBe(false);
  });
});
