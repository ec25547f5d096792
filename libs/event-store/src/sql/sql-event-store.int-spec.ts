import { createThrowawayDatabase, PostgresSqlClient } from '@app/persistence';
import { openInMemoryPglite } from '../testing/open-pglite';
import { eventStoreContract } from '../testing/event-store.contract';
import { SqlEventStore, SqlEventStoreOptions } from './sql-event-store';

// The main store only wakes up through in-process notification within a test's time limits;
// the "other process" store polls quickly.
const mainStoreOptions: SqlEventStoreOptions = { pollIntervalMs: 30_000, retryDelayMs: 100 };
const otherProcessOptions: SqlEventStoreOptions = { pollIntervalMs: 50, retryDelayMs: 100 };

eventStoreContract('SqlEventStore on PostgreSQL', async () => {
  const database = await createThrowawayDatabase('event_store_test');
  const sql = new PostgresSqlClient(database.url);
  const otherSql = new PostgresSqlClient(database.url);
  const store = new SqlEventStore(sql, mainStoreOptions);
  const otherProcessStore = new SqlEventStore(otherSql, otherProcessOptions);
  await Promise.all([store.migrate(), otherProcessStore.migrate()]);
  return {
    store,
    otherProcessStore,
    retryDelayMs: 100,
    dispose: async () => {
      await Promise.all([store.close(), otherProcessStore.close()]);
      await Promise.all([sql.close(), otherSql.close()]);
      await database.drop();
    },
  };
});

eventStoreContract('SqlEventStore on PGlite', async () => {
  const sql = await openInMemoryPglite();
  const store = new SqlEventStore(sql, mainStoreOptions);
  const otherProcessStore = new SqlEventStore(sql, otherProcessOptions);
  await store.migrate();
  await otherProcessStore.migrate();
  return {
    store,
    otherProcessStore,
    retryDelayMs: 100,
    dispose: async () => {
      await Promise.all([store.close(), otherProcessStore.close()]);
      await sql.close();
    },
  };
});
