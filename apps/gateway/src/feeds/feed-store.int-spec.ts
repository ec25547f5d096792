import { randomUUID } from 'node:crypto';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { GATEWAY_SCHEMA, GatewayDatabase, GatewayTables, gatewayMigrations } from '../gateway-migrations';
import { FeedStore } from './feed-store';

const item = (key: string) => ({ key, title: `Title ${key}`, link: `https://blog.example/${key}`, summary: '' });

/** Followed feeds on both engines: one reader at a time, the first read's items never posted, each later item waiting once. */
describe.each(testEngines)('FeedStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: GatewayDatabase;
  let feeds: FeedStore;
  let follower: number;
  const workspace = randomUUID();

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<GatewayTables>(open, GATEWAY_SCHEMA, gatewayMigrations));
    feeds = new FeedStore(database);
    await database.db.insertInto('workspaces').values({ uuid: workspace, name: 'W', created_at: new Date() }).execute();
    follower = Number((await database.db.insertInto('users').values({ name: 'Ann', email: 'ann@feeds.test', is_admin: false, deleted_at: null }).returning('id').executeTakeFirstOrThrow()).id);
  });
  afterAll(() => dispose());

  const follow = () => feeds.add({ workspaceUuid: workspace, createdBy: follower, url: 'https://blog.example/feed', accounts: [1], mode: 'draft', template: '{title}' });
  const uuidOf = (key: string) => `00000000-0000-4000-8000-${key.padStart(12, '0')}`;

  it('lets one reader at a time hold a feed that is due', async () => {
    const feed = await follow();
    const first = await feeds.claimDue(10, 60_000);
    expect(first.feeds.map((claimed) => claimed.id)).toContain(feed.id);
    expect((await feeds.claimDue(10, 60_000)).feeds.map((claimed) => claimed.id)).not.toContain(feed.id);
    expect(await feeds.claimOne(workspace, feed.id, 60_000)).toBeNull();
    await feeds.finishRead(feed, first.leaseToken, { etag: '"e"', lastModified: null, error: null }, 60_000);
    expect((await feeds.claimDue(10, 60_000)).feeds.map((claimed) => claimed.id)).not.toContain(feed.id);
    expect(await feeds.find(workspace, feed.id)).toMatchObject({ etag: '"e"', last_error: null, last_polled_at: expect.any(String) });
  });

  it('keeps the first read’s items as seen, and each later item waiting once, oldest first, until its post is made', async () => {
    const feed = await follow();
    await feeds.noteItems(feed, [item('2'), item('1')], uuidOf);
    expect(await feeds.waiting(feed.id)).toEqual([]);

    const primed = (await feeds.find(workspace, feed.id))!;
    expect(primed.primed).toBe(true);
    await feeds.noteItems(primed, [item('4'), item('3'), item('2'), item('1')], uuidOf);
    await feeds.noteItems(primed, [item('4'), item('3'), item('2')], uuidOf);
    expect(await feeds.waiting(feed.id)).toEqual([
      { key: '3', postUuid: uuidOf('3'), item: item('3') },
      { key: '4', postUuid: uuidOf('4'), item: item('4') },
    ]);
    await feeds.itemDone(feed.id, '3');
    expect((await feeds.waiting(feed.id)).map((waiting) => waiting.key)).toEqual(['4']);
  });

  it('forgets a feed it stops following: it is listed and read no more', async () => {
    const feed = await follow();
    expect(await feeds.remove(workspace, feed.id)).toBe(true);
    expect(await feeds.remove(workspace, feed.id)).toBe(false);
    expect(await feeds.find(workspace, feed.id)).toBeNull();
    expect((await feeds.list(workspace)).map((listed) => listed.id)).not.toContain(feed.id);
    expect(await feeds.claimOne(workspace, feed.id, 60_000)).toBeNull();
  });
});
