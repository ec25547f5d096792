import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../gateway-migrations';
import { AccountStore, NewAccount } from './account-store';

const workspace = '2f0c6a3e-1111-4a7b-8c9d-000000000001';
const otherWorkspace = '2f0c6a3e-1111-4a7b-8c9d-000000000002';

/** The account registry: reserved, connected and deleted accounts per workspace, on both engines. */
describe.each(testEngines)('AccountStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let accounts: AccountStore;
  const account = (name: string, workspaceUuid = workspace): NewAccount => ({ workspaceUuid, provider: 'mastodon', name, username: `@${name}` });

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
    accounts = new AccountStore(database);
    await database.db.insertInto('workspaces').values([{ uuid: workspace, name: 'W' }, { uuid: otherWorkspace, name: 'O' }]).execute();
  });
  beforeEach(() => database.db.deleteFrom('accounts').execute());
  afterAll(() => dispose());

  it('keeps a reserved account hidden until it is connected', async () => {
    const id = await accounts.reserve(account('news'));
    expect(await accounts.list(workspace)).toEqual([]);
    expect(await accounts.find(workspace, id)).toBeNull();

    const connected = await accounts.connected(id, true);

    expect(connected).toEqual({
      id,
      provider: 'mastodon',
      name: 'news',
      username: '@news',
      authorized: true,
      avatar_url: null,
      token_expires_at: null,
      created_at: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/),
      limits: null,
      options: {},
    });
    expect(await accounts.list(workspace)).toEqual([connected]);
    expect(await accounts.find(workspace, id)).toEqual(connected);
  });

  it('lists each workspace’s accounts in the order they were reserved, with their snapshots', async () => {
    const first = await accounts.reserve(account('first'));
    const theirs = await accounts.reserve(account('theirs', otherWorkspace));
    const second = await accounts.reserve({ ...account('second'), username: null });
    for (const id of [second, theirs, first]) await accounts.connected(id, false);

    expect((await accounts.list(workspace)).map((view) => [view.id, view.authorized])).toEqual([
      [first, false],
      [second, false],
    ]);
    expect(await accounts.find(workspace, theirs)).toBeNull();
    const { accounts: snapshots } = await accounts.postTargets(workspace);
    expect([...snapshots.keys()]).toEqual([first, second]);
    expect(snapshots.get(second)).toEqual({ id: second, provider: 'mastodon', name: 'second', username: null });
  });

  it('keeps the text limit and the settings a provider reported at connect, as the account settings the platforms rules read', async () => {
    const reported = await accounts.reserve(account('big'));
    const creator = await accounts.reserve(account('creator'));
    const unreported = await accounts.reserve(account('small'));
    await accounts.connected(reported, true, undefined, { maxCharacters: 640, ruleSettings: {} });
    await accounts.connected(creator, true, undefined, { maxCharacters: null, ruleSettings: { privacy_level_options: ['SELF_ONLY'], max_video_post_duration_sec: 300 } });
    await accounts.connected(unreported, true);

    const { accountSettings } = await accounts.postTargets(workspace);

    expect(Object.fromEntries(accountSettings)).toEqual({ [reported]: { max_characters: 640 }, [creator]: { privacy_level_options: ['SELF_ONLY'], max_video_post_duration_sec: 300 } });
  });

  it('shows where an account narrows its platform: an instance’s own text limit, the privacy levels a creator offers', async () => {
    const instance = await accounts.reserve(account('instance'));
    const creator = await accounts.reserve({ ...account('creator'), provider: 'tiktok' });
    const everyLevel = await accounts.reserve({ ...account('every'), provider: 'tiktok' });
    const mastodonDefault = await accounts.reserve(account('default'));
    await accounts.connected(instance, true, undefined, { maxCharacters: 1000, ruleSettings: {} });
    await accounts.connected(creator, true, undefined, { maxCharacters: null, ruleSettings: { privacy_level_options: ['SELF_ONLY', 'MUTUAL_FOLLOW_FRIENDS'] } });
    await accounts.connected(everyLevel, true, undefined, { maxCharacters: null, ruleSettings: { privacy_level_options: ['PUBLIC_TO_EVERYONE', 'MUTUAL_FOLLOW_FRIENDS', 'FOLLOWER_OF_CREATOR', 'SELF_ONLY'] } });
    await accounts.connected(mastodonDefault, true, undefined, { maxCharacters: 500, ruleSettings: {} });

    const shown = new Map((await accounts.list(workspace)).map((view) => [view.id, view]));

    expect(shown.get(instance)).toMatchObject({ limits: { text: 1000 }, options: {} });
    expect(shown.get(creator)).toMatchObject({ limits: null, options: { privacy_level: ['MUTUAL_FOLLOW_FRIENDS', 'SELF_ONLY'] } });
    expect(shown.get(everyLevel)).toMatchObject({ limits: null, options: {} });
    expect(shown.get(mastodonDefault)).toMatchObject({ limits: null, options: {} });
    expect(await accounts.find(workspace, instance)).toMatchObject({ limits: { text: 1000 } });
  });

  it('keeps the picture the platform reported at connect, replaces it when a reconnect reports one, and keeps it when a reconnect tells nothing', async () => {
    const id = await accounts.reserve(account('pictured'));
    const picture = 'https://files.example/avatars/pictured.png';
    expect((await accounts.connected(id, true, undefined, { maxCharacters: null, ruleSettings: {}, avatarUrl: picture })).avatar_url).toBe(picture);
    expect((await accounts.find(workspace, id))?.avatar_url).toBe(picture);
    expect((await accounts.connected(id, true, undefined, { maxCharacters: null, ruleSettings: {} })).avatar_url).toBe(picture);
    expect((await accounts.connected(id, true, undefined, { maxCharacters: null, ruleSettings: {}, avatarUrl: null })).avatar_url).toBeNull();
    expect((await accounts.list(workspace)).map((view) => view.avatar_url)).toEqual([null]);
  });

  it('shows when a token that cannot be refreshed expires, once announced, until the account is connected again; only in its own workspace', async () => {
    const id = await accounts.reserve(account('expiring'));
    await accounts.connected(id, true);
    expect(await accounts.tokenExpiring(otherWorkspace, id, '2026-12-01T10:00:00.000Z')).toBe(false);
    expect(await accounts.tokenExpiring(workspace, id, '2026-12-01T10:00:00.000Z')).toBe(true);
    expect((await accounts.find(workspace, id))?.token_expires_at).toBe('2026-12-01T10:00:00.000Z');
    expect((await accounts.connected(id, true)).token_expires_at).toBeNull();
  });

  it('marks an account deleted once, only in its own workspace', async () => {
    const id = await accounts.reserve(account('news'));
    await accounts.connected(id, true);

    expect(await accounts.markDeleted(otherWorkspace, id)).toBe(false);
    expect(await accounts.markDeleted(workspace, id)).toBe(true);
    expect(await accounts.markDeleted(workspace, id)).toBe(false);
    expect(await accounts.list(workspace)).toEqual([]);
    const row = await database.db.selectFrom('accounts').select('deleted_at').where('id', '=', id).executeTakeFirstOrThrow();
    expect(row.deleted_at).not.toBeNull();
  });
});
