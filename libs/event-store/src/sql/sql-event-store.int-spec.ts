import { openPostgresDatabase, openSqliteDatabase } from '@app/persistence';
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
