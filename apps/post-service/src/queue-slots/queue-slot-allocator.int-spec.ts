import { randomUUID } from 'node:crypto';
import { PostContentInput, PostingQueue } from '@app/domain';
import { migrateSchema, SqlDatabase } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { createThrowawayDatabase, openMigratedSchema, testEngines } from '@app/persistence/testing';
import { POSTS_SCHEMA, PostsDatabase, PostsTables } from '../post-service-schema';
import { QueueSlotAllocator } from './queue-slot-allocator';
import { QueueSlotStore } from './queue-slot-store';
import { queueSlotsMigration } from './queue-slots-schema';

/** Monday 1 June 2026, 08:00 UTC (10:00 in Paris). */
const NOW = new Date('2026-06-01T08:00:00.000Z');
/** Every weekday at 09:00 and 17:00 in Paris: 07:00Z and 15:00Z in June. */
const QUEUE: PostingQueue = {
  timezone: 'Europe/Paris',
  slots: (['mon', 'tue', 'wed', 'thu', 'fri'] as const).flatMap((day) => [
    { day, time: '09:00' },
    { day, time: '17:00' },
  ]),
};
/** The first slots after NOW, in order. */
const FIRST_SLOTS = ['2026-06-01T15:00', '2026-06-02T07:00', '2026-06-02T15:00', '2026-06-03T07:00', '2026-06-03T15:00', '2026-06-04T07:00'].map(
  (minute) => `${minute}:00.000Z`,
);
const queued = (): PostContentInput => ({ versions: [], accounts: [], tags: [], intent: { kind: 'queue', queue: QUEUE } });

describe.each(testEngines)('QueueSlotAllocator on %s', (_, open) => {
  let dispose: () => Promise<void>;
  let database: PostsDatabase;
  let store: QueueSlotStore;
  let slots: QueueSlotAllocator;
  let workspace: string;

  beforeAll(async () => {
    ({ schema: database, dispose } = await openMigratedSchema<PostsTables>(open, POSTS_SCHEMA, [queueSlotsMigration]));
    store = new QueueSlotStore(database);
    slots = new QueueSlotAllocator(store);
  });
  beforeEach(() => {
    workspace = randomUUID();
  });
  afterAll(() => dispose());

  const reserve = async (post = randomUUID()) => (await slots.reserveNextFree(workspace, post, QUEUE, NOW))?.slotAt.toISOString();

  it('gives the first slot after now, then the next ones, skipping instants other posts hold', async () => {
    expect(await reserve()).toBe(FIRST_SLOTS[0]);
    await store.recordHold(workspace, randomUUID(), new Date(FIRST_SLOTS[1]), 1);
    expect(await reserve()).toBe(FIRST_SLOTS[2]);
  });

  it('gives requests at the same moment different slots, the first ones', async () => {
    const given = await Promise.all(Array.from({ length: 6 }, () => reserve()));
    expect([...given].sort()).toEqual(FIRST_SLOTS);
  });

  it('gives a post the slot it already has when it is the first free one for it', async () => {
    const post = randomUUID();
    expect(await slots.reserveNextFree(workspace, post, QUEUE, NOW)).toEqual({ slotAt: new Date(FIRST_SLOTS[0]), fresh: true });
    expect(await slots.reserveNextFree(workspace, post, QUEUE, NOW)).toEqual({ slotAt: new Date(FIRST_SLOTS[0]), fresh: false });
  });

  it('runs a queued command with its slot, and gives the slot up when the command fails', async () => {
    const post = randomUUID();
    const run = (input: PostContentInput) => Promise.resolve(input.intent);
    expect(await slots.runWithSlot(workspace, post, queued(), NOW, run)).toEqual({ kind: 'queue', queue: QUEUE, slotAt: FIRST_SLOTS[0] });
    const failing = slots.runWithSlot(workspace, randomUUID(), queued(), NOW, () => Promise.reject(new Error('refused')));
    await expect(failing).rejects.toThrow('refused');
    // The failed request's slot is free again.
    expect(await reserve()).toBe(FIRST_SLOTS[1]);
    // The first post's own slot is not given up when its next command fails.
    await expect(slots.runWithSlot(workspace, post, queued(), NOW, () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await store.reserve(workspace, randomUUID(), new Date(FIRST_SLOTS[0]), NOW)).toBe('taken');
  });

  it('runs any other command as it is, and a queued one without a slot when none is free', async () => {
    const draft: PostContentInput = { ...queued(), intent: { kind: 'draft' } };
    expect(await slots.runWithSlot(workspace, randomUUID(), draft, NOW, (input) => Promise.resolve(input))).toBe(draft);
    const empty: PostContentInput = { ...queued(), intent: { kind: 'queue', queue: { timezone: 'UTC', slots: [] } } };
    expect(await slots.runWithSlot(workspace, randomUUID(), empty, NOW, (input) => Promise.resolve(input.intent))).toEqual(empty.intent);
  });
});

describe('QueueSlotAllocator: two post-service replicas on one PostgreSQL database', () => {
  const replicas: SqlDatabase[] = [];
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const throwaway = await createThrowawayDatabase('sps_queue');
    drop = throwaway.drop;
    for (let index = 0; index < 2; index++) replicas.push(openPostgresDatabase(throwaway.url, { max: 4 }));
    await migrateSchema(replicas[0].forSchema(POSTS_SCHEMA), [queueSlotsMigration]);
  });
  afterAll(async () => {
    await Promise.all(replicas.map((replica) => replica.close()));
    await drop?.();
  });

  it('never gives two of the requests that come to either at the same moment the same slot', async () => {
    const workspace = randomUUID();
    const allocators = replicas.map((replica) => new QueueSlotAllocator(new QueueSlotStore(replica.forSchema<PostsTables>(POSTS_SCHEMA))));
    const given = await Promise.all(
      Array.from({ length: 12 }, async (_, index) => (await allocators[index % 2].reserveNextFree(workspace, randomUUID(), QUEUE, NOW))?.slotAt.toISOString()),
    );
    expect(new Set(given).size).toBe(12);
    expect([...given].sort().slice(0, FIRST_SLOTS.length)).toEqual(FIRST_SLOTS);
  });
});
