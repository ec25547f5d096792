import { openSqliteDatabase, sqliteStatementCounts } from '@app/persistence';
import { openPostgresDatabase } from '@app/persistence/postgres';
import { eventually } from '@app/testing/eventually';
import { RecordedEvent } from '../event-store.port';
import { newEvent, newStreamId } from '../testing/test-helpers';
import { createThrowawayDatabase } from '@app/persistence/testing';
import { eventStoreContract } from '../testing/event-store.contract';
import { SqlEventStore, SqlEventStoreOptions } from './sql-event-store';

// The main store only wakes up through in-process notification within a test's time limits;
// the "other process" store polls quickly.
const mainStoreOptions: SqlEventStoreOptions = { pollIntervalMs: 30_000, retryDelayMs: 100 };
const otherProcessOptions: SqlEventStoreOptions = { pollIntervalMs: 50, retryDelayMs: 100 };

eventStoreContract('SqlEventStore on PostgreSQL', async () => {
  const throwaway = await createThrowawayDatabase('event_store_test');
  const database = openPostgresDatabase(throwaway.url);
  const otherDatabase = openPostgresDatabase(throwaway.url);
  const store = new SqlEventStore(database, mainStoreOptions);
  const otherProcessStore = new SqlEventStore(otherDatabase, otherProcessOptions);
  await Promise.all([store.migrate(), otherProcessStore.migrate()]);
  return {
    store,
    otherProcessStore,
    retryDelayMs: 100,
    dispose: async () => {
      await Promise.all([store.close(), otherProcessStore.close()]);
      await Promise.all([database.close(), otherDatabase.close()]);
      await throwaway.drop();
    },
  };
});

eventStoreContract('SqlEventStore on SQLite', async () => {
  const database = openSqliteDatabase();
  const store = new SqlEventStore(database, mainStoreOptions);
  const otherProcessStore = new SqlEventStore(database, otherProcessOptions);
  await store.migrate();
  await otherProcessStore.migrate();
  return {
    store,
    otherProcessStore,
    retryDelayMs: 100,
    dispose: async () => {
      await Promise.all([store.close(), otherProcessStore.close()]);
      await database.close();
    },
  };
});

describe('SqlEventStore on SQLite: appends handed over to this process’s subscriptions', () => {
  it('delivers what it appends as readAll gives it back, in order with what another store on the database appends, without reading its own appends back', async () => {
    const database = openSqliteDatabase();
    const store = new SqlEventStore(database, mainStoreOptions);
    const otherStore = new SqlEventStore(database, mainStoreOptions);
    await store.migrate();
    const start = (await store.appendToStream(newStreamId(), [newEvent('Marker')], 'no_stream')).position;
    const seen: RecordedEvent[] = [];
    const subscription = store.subscribeToAll(start, async (event) => {
      seen.push(event);
    });
    try {
      const streamId = newStreamId();
      await store.appendToStream(streamId, [newEvent('E0', { text: 'é', list: [1, { nested: null }] }, { actor: 'user-1' })], 'no_stream');
      await eventually(() => seen.length === 1, 'the first event');
      const before = { ...sqliteStatementCounts };
      await store.appendToStream(streamId, [newEvent('E1')], 0);
      await store.appendToStream(streamId, [newEvent('E2'), newEvent('E3')], 1);
      await eventually(() => seen.length === 4, 'the handed-over events');
      // Each append: begin, its revision check, its insert, commit; no read of the events after the position.
      expect(sqliteStatementCounts.other - before.other).toBe(4);
      // Another store on the database: nothing handed over, so the position no longer follows on and the events are read.
      await otherStore.appendToStream(streamId, [newEvent('E4')], 3);
      await store.appendToStream(streamId, [newEvent('E5')], 4);
      await eventually(() => seen.length === 6, 'the events after a gap in what was handed over', { timeoutMs: 5_000 });
      expect(seen).toEqual(await store.readAll(start, 100));
      expect(seen.map((event) => event.type)).toEqual(['E0', 'E1', 'E2', 'E3', 'E4', 'E5']);
    } finally {
      await subscription.stop();
      await Promise.all([store.close(), otherStore.close()]);
      await database.close();
    }
  });
});
