import { randomUUID } from 'node:crypto';
import { openMigratedSchema, testEngines } from '@app/persistence/testing';
import { POSTS_SCHEMA, PostsDatabase, PostsTables } from '../post-service-schema';
import { QueueSlotStore, RESERVATION_GRACE_MS } from './queue-slot-store';
import { queueSlotsMigration } from './queue-slots-schema';

const NOW = new Date('2026-06-01T08:00:00.000Z');
const SLOT = new Date('2026-06-01T09:00:00.000Z');
const OTHER_SLOT = new Date('2026-06-02T09:00:00.000Z');
const after = (ms: number) => new Date(NOW.getTime() + ms);

describe.each(testEngines)('QueueSlotStore on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: PostsDatabase;
  let store: QueueSlotStore;
  let workspace: string;
  let [a, b] = [randomUUID(), randomUUID()];

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<PostsTables>(open, POSTS_SCHEMA, [queueSlotsMigration]));
    store = new QueueSlotStore(database);
  });
  beforeEach(() => {
    [workspace, a, b] = [randomUUID(), randomUUID(), randomUUID()];
  });
  afterAll(() => dispose());

  const reservations = async () =>
    (await database.db.selectFrom('slot_reservations').select(['post_uuid', 'slot_at']).where('workspace_uuid', '=', workspace).orderBy('slot_at').execute()).map(
      (row) => `${row.post_uuid === a ? 'a' : 'b'} ${new Date(row.slot_at).toISOString()}`,
    );

  it('gives an instant to one post of a workspace: another post finds it taken, the same post finds it its own', async () => {
    expect(await store.reserve(workspace, a, SLOT, NOW)).toBe('reserved');
    expect(await store.reserve(workspace, b, SLOT, NOW)).toBe('taken');
    expect(await store.reserve(workspace, a, SLOT, NOW)).toBe('already_ours');
    expect(await store.reserve(randomUUID(), b, SLOT, NOW)).toBe('reserved');
    expect(await reservations()).toEqual([`a ${SLOT.toISOString()}`]);
  });

  it('gives one instant asked for by many at once to exactly one of them', async () => {
    const posts = Array.from({ length: 8 }, () => randomUUID());
    const outcomes = await Promise.all(posts.map((post) => store.reserve(workspace, post, SLOT, NOW)));
    expect(outcomes.filter((outcome) => outcome === 'reserved')).toHaveLength(1);
    expect(outcomes.filter((outcome) => outcome === 'taken')).toHaveLength(7);
  });

  it('takes over a reservation that lapsed: older than the grace period and its post does not hold the instant', async () => {
    await store.reserve(workspace, a, SLOT, NOW);
    expect(await store.reserve(workspace, b, SLOT, after(RESERVATION_GRACE_MS - 1_000))).toBe('taken');
    expect(await store.reserve(workspace, b, SLOT, after(RESERVATION_GRACE_MS + 1_000))).toBe('reserved');
    expect(await reservations()).toEqual([`b ${SLOT.toISOString()}`]);
  });

  it('never takes over the reservation of a post that holds its instant, however old', async () => {
    await store.reserve(workspace, a, SLOT, NOW);
    await store.recordHold(workspace, a, SLOT, 1);
    expect(await store.reserve(workspace, b, SLOT, after(30 * RESERVATION_GRACE_MS))).toBe('taken');
  });

  it('records the instant a post holds unless a newer revision was recorded, and frees the instant it held before', async () => {
    await store.reserve(workspace, a, SLOT, NOW);
    expect(await store.recordHold(workspace, a, SLOT, 1)).toBe('recorded');
    await store.reserve(workspace, a, OTHER_SLOT, NOW);
    expect(await store.recordHold(workspace, a, OTHER_SLOT, 3)).toBe('recorded');
    expect(await reservations()).toEqual([`a ${OTHER_SLOT.toISOString()}`]);
    expect(await store.recordHold(workspace, a, SLOT, 2)).toBe('stale');
    expect(await store.recordHold(workspace, a, null, 5)).toBe('recorded');
    expect(await reservations()).toEqual([]);
    expect(await store.recordHold(workspace, a, OTHER_SLOT, 4)).toBe('stale');
    expect(await store.recordHold(workspace, b, null, 7)).toBe('never_held');
  });

  it("keeps the newest of a new post's first holds recorded at the same time", async () => {
    const outcomes = await Promise.all([store.recordHold(workspace, a, SLOT, 1), store.recordHold(workspace, a, OTHER_SLOT, 2)]);

    // The older is recorded first and then replaced, or found stale: on PostgreSQL either may come first.
    expect(outcomes[1]).toBe('recorded');
    expect(['recorded', 'stale']).toContain(outcomes[0]);
    const held = await database.db.selectFrom('held_instants').select(['held_at', 'revision']).where('post_uuid', '=', a).executeTakeFirstOrThrow();
    expect({ heldAt: new Date(held.held_at!).toISOString(), revision: Number(held.revision) }).toEqual({ heldAt: OTHER_SLOT.toISOString(), revision: 2 });
  });

  it('tells which instants of a window other posts hold or have reserved, leaving out lapsed reservations', async () => {
    const [c, d] = [randomUUID(), randomUUID()];
    const at = (hour: number) => new Date(Date.UTC(2026, 5, 1, hour));
    await store.recordHold(workspace, a, at(10), 1);
    await store.reserve(workspace, b, at(11), NOW);
    await store.reserve(workspace, c, at(12), new Date(NOW.getTime() - 2 * RESERVATION_GRACE_MS));
    await store.recordHold(workspace, d, at(20), 1);
    const occupied = await store.occupied(workspace, randomUUID(), at(9), at(13), NOW);
    expect([...occupied].sort().map((instant) => new Date(instant).toISOString())).toEqual([at(10).toISOString(), at(11).toISOString()]);
    expect([...(await store.occupied(workspace, a, at(9), at(13), NOW))].map((instant) => new Date(instant).toISOString())).toEqual([at(11).toISOString()]);
  });

  it('forgets the reservations of instants that have passed', async () => {
    await store.reserve(workspace, a, SLOT, NOW);
    await store.reserve(workspace, b, OTHER_SLOT, NOW);
    await store.forgetPast(workspace, after(2 * 3_600_000));
    expect(await reservations()).toEqual([`b ${OTHER_SLOT.toISOString()}`]);
  });
});
