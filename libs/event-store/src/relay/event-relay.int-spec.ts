import { migrateSchema, openSqliteDatabase, SchemaDatabase, SqlDatabase } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { createThrowawayDatabase } from '@app/persistence/testing';
import { eventually } from '@app/testing/eventually';
import { RecordingMessageBus } from '../testing/recording-message-bus';
import { newEvent, newStreamId, sleep } from '../testing/test-helpers';
import { RecordedEvent } from '../event-store.port';
import { SqlEventStore } from '../sql/sql-event-store';
import { EventRelay, EventRelayOptions, EventToMessage } from './event-relay';
import { eventRelayMigration, RelayTables } from './relay-lease';

const SCHEMA = 'relay_test';
const timing: EventRelayOptions = { leaseMs: 1000, renewEveryMs: 100, acquireEveryMs: 50, retryEveryMs: 50 };

/** Two "processes" over the same data: their own connection and store each. */
interface RelayFixture {
  relays: [SchemaDatabase<RelayTables>, SchemaDatabase<RelayTables>];
  store: [SqlEventStore, SqlEventStore];
  dispose(): Promise<void>;
}

async function openPostgres(): Promise<RelayFixture> {
  const throwaway = await createThrowawayDatabase('event_relay_test');
  const databases: [SqlDatabase, SqlDatabase] = [openPostgresDatabase(throwaway.url), openPostgresDatabase(throwaway.url)];
  return withStores(databases, async () => {
    await Promise.all(databases.map((database) => database.close()));
    await throwaway.drop();
  });
}

async function openSqlite(): Promise<RelayFixture> {
  const database = openSqliteDatabase();
  return withStores([database, database], () => database.close());
}

async function withStores(databases: [SqlDatabase, SqlDatabase], close: () => Promise<void>): Promise<RelayFixture> {
  const store: [SqlEventStore, SqlEventStore] = [
    new SqlEventStore(databases[0], { pollIntervalMs: 50, retryDelayMs: 50 }),
    new SqlEventStore(databases[1], { pollIntervalMs: 50, retryDelayMs: 50 }),
  ];
  await store[0].migrate();
  const relays: [SchemaDatabase<RelayTables>, SchemaDatabase<RelayTables>] = [
    databases[0].forSchema<RelayTables>(SCHEMA),
    databases[1].forSchema<RelayTables>(SCHEMA),
  ];
  await migrateSchema(relays[0], [eventRelayMigration]);
  return {
    relays,
    store,
    dispose: async () => {
      await Promise.all(store.map((each) => each.close()));
      await close();
    },
  };
}

describe.each([
  ['PostgreSQL', openPostgres],
  ['SQLite', openSqlite],
])('EventRelay on %s', (_adapter, open) => {
  let fixture: RelayFixture;
  let relays: EventRelay[];
  let relayName: string;
  let streams: Set<string>;
  let bus: RecordingMessageBus;

  beforeAll(async () => {
    fixture = await open();
  });
  afterAll(async () => {
    await fixture?.dispose();
  });
  beforeEach(() => {
    relays = [];
    relayName = `relay-${Math.random().toString(36).slice(2)}`;
    streams = new Set();
    bus = new RecordingMessageBus();
  });
  afterEach(async () => {
    await Promise.all(relays.map((relay) => relay.stop()));
  });

  /** Maps this test's events, except `Internal` ones; everything older in $all is skipped. */
  const toMessage: EventToMessage = (event: RecordedEvent) =>
    streams.has(event.streamId) && event.type !== 'Internal'
      ? { topic: 'post-events', key: event.streamId, value: { type: event.type, data: event.data }, headers: { 'event-id': event.id } }
      : null;

  const relay = (process: 0 | 1 = 0): EventRelay => {
    const created = new EventRelay(fixture.relays[process], relayName, fixture.store[process], bus, toMessage, timing);
    relays.push(created);
    return created;
  };

  const append = async (streamId: string, types: string[], expected: number | 'no_stream'): Promise<number> => {
    streams.add(streamId);
    return (await fixture.store[0].appendToStream(streamId, types.map((type) => newEvent(type, { type })), expected)).position;
  };

  const publishedTypes = (): string[] => bus.published.map((message) => (message.value as { type: string }).type);

  const savedCheckpoint = async (): Promise<number | undefined> =>
    (await fixture.relays[0].db.selectFrom('event_relays').select('checkpoint').where('name', '=', relayName).executeTakeFirst())
      ?.checkpoint;

  it('publishes mapped events in store order, skips unmapped ones and saves its checkpoint', async () => {
    const a = newStreamId();
    const b = newStreamId();
    await append(a, ['A0', 'A1'], 'no_stream');
    await append(b, ['B0'], 'no_stream');
    const lastPosition = await append(a, ['Internal'], 1);
    const first = relay();
    first.start();

    await eventually(async () => (await savedCheckpoint()) === lastPosition, 'the backlog to be relayed');
    expect(publishedTypes()).toEqual(['A0', 'A1', 'B0']);
    const [message] = bus.published;
    expect(message).toEqual({
      topic: 'post-events',
      key: a,
      value: { type: 'A0', data: { type: 'A0' } },
      headers: { 'event-id': expect.any(String) },
    });
    expect(message.headers?.['event-id']).toBe((await fixture.store[0].readStream(a))[0].id);

    await append(b, ['B1'], 0);
    await eventually(() => bus.published.length === 4, 'the live event');
    await first.stop();

    await append(a, ['A3'], 2);
    relay().start();
    await eventually(() => bus.published.length === 5, 'the event appended while no relay ran');
    await sleep(200);
    expect(publishedTypes()).toEqual(['A0', 'A1', 'B0', 'B1', 'A3']);
  });

  it('sets aside an event too large for the bus on post-events.dlq, without its value, and relays the ones after it', async () => {
    bus.maxValueBytes = 200;
    const a = newStreamId();
    streams.add(a);
    const huge = newEvent('Huge', { text: 'x'.repeat(500) });
    await fixture.store[0].appendToStream(a, [newEvent('A0', { type: 'A0' }), huge], 'no_stream');
    const last = await append(a, ['A2'], 1);
    relay().start();
    await eventually(async () => (await savedCheckpoint()) === last, 'the events after the large one');
    expect(bus.published.filter((message) => message.topic === 'post-events').map((message) => (message.value as { type: string }).type)).toEqual(['A0', 'A2']);
    const [notice] = bus.published.filter((message) => message.topic === 'post-events.dlq');
    expect(notice).toMatchObject({ key: a, value: { reason: 'too_large', limit: 200 }, headers: { 'event-id': huge.id, 'dlq-error': expect.stringContaining('more than the 200') } });
    expect(JSON.stringify(notice.value)).not.toContain('xxxx');
  });

  it('retries a failed publish and keeps the order', async () => {
    bus.failNext = 2;
    await append(newStreamId(), ['E0', 'E1'], 'no_stream');
    relay().start();
    await eventually(() => bus.published.length === 2, 'both events');
    expect(publishedTypes()).toEqual(['E0', 'E1']);
    // Both events go out in one batch: two refused publishes, then the one that succeeds.
    expect(bus.publishAttempts).toBe(3);
  });

  it('publishes events appended together in one batch with one checkpoint', async () => {
    await append(newStreamId(), ['E0', 'E1', 'E2', 'E3'], 'no_stream');
    relay().start();
    await eventually(() => bus.published.length === 4, 'all events');
    expect(publishedTypes()).toEqual(['E0', 'E1', 'E2', 'E3']);
    expect(bus.publishAttempts).toBe(1);
  });

  it('relays from one instance per name; another takes over when it stops', async () => {
    const streamId = newStreamId();
    const leader = relay(0);
    const standby = relay(1);
    leader.start();
    await eventually(() => leader.isLeader, 'a leader');
    standby.start();
    await append(streamId, ['E0', 'E1'], 'no_stream');
    await eventually(() => bus.published.length === 2, 'the first events');
    await sleep(300);
    expect(standby.isLeader).toBe(false);

    await leader.stop();
    await eventually(() => standby.isLeader, 'the standby to take over', { timeoutMs: 3000 });
    await append(streamId, ['E2'], 1);
    await eventually(() => bus.published.length === 3, 'the event after the takeover');
    await sleep(200);
    expect(publishedTypes()).toEqual(['E0', 'E1', 'E2']);
  });

  it('takes over the lease left by a process that ended: after it expires, or at once where one process opens the database', async () => {
    const checkpoint = await append(newStreamId(), ['Before'], 'no_stream');
    const { db, dialect } = fixture.relays[0];
    await db
      .insertInto('event_relays')
      .values({ name: relayName, checkpoint, owner: 'ended-process/relay', lease_until: dialect.nowPlusMs(700), updated_at: dialect.now() })
      .execute();
    await append(newStreamId(), ['E0'], 'no_stream');
    const successor = relay(1);
    successor.start();
    if (!dialect.singleProcess) {
      await sleep(300);
      expect(successor.isLeader).toBe(false);
      expect(bus.published).toEqual([]);
      await eventually(() => successor.isLeader, 'the expired lease to be taken', { timeoutMs: 3000 });
    } else {
      await eventually(() => successor.isLeader, 'the leftover lease to be taken', { timeoutMs: 300 });
    }
    await eventually(() => bus.published.length === 1, 'the pending event');
    expect(publishedTypes()).toEqual(['E0']);
  });

  it('stands down when another instance has taken its lease', async () => {
    const first = relay();
    first.start();
    await eventually(() => first.isLeader, 'a leader');
    const { db, dialect } = fixture.relays[1];
    const { owner } = await db.selectFrom('event_relays').select('owner').where('name', '=', relayName).executeTakeFirstOrThrow();
    // Another instance of the same process, so that a single-process database, too, respects its lease.
    await db
      .updateTable('event_relays')
      .set({ owner: `${owner!.split('/')[0]}/other`, lease_until: dialect.nowPlusMs(3_600_000) })
      .where('name', '=', relayName)
      .execute();
    await eventually(() => !first.isLeader, 'the relay to notice', { timeoutMs: 2000 });
    await append(newStreamId(), ['E0'], 'no_stream');
    await sleep(300);
    expect(bus.published).toEqual([]);
    expect(first.isLeader).toBe(false);
  });
});
