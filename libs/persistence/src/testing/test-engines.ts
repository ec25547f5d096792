import { SchemaDatabase, SqlDatabase } from '../sql-database';
import { migrateSchema, SchemaMigration } from '../schema-migrations';
import { openPostgresDatabase } from '../postgres/open-postgres-database';
import { openSqliteDatabase } from '../sqlite/open-sqlite-database';
import { createThrowawayDatabase } from './throwaway-database';

export interface TestDatabase {
  database: SqlDatabase;
  /** Closes the connection and removes what the test created. */
  dispose(): Promise<void>;
}

/**
 * The two engines every repository runs on, for `describe.each(testEngines)`: an in-memory
 * SQLite database, and a throwaway PostgreSQL database on the test server.
 */
export const testEngines: Array<[name: string, open: () => Promise<TestDatabase>]> = [
  ['SQLite', async () => openSqliteForTest()],
  ['PostgreSQL', () => openPostgresForTest()],
];

export function openSqliteForTest(path = ':memory:'): TestDatabase {
  const database = openSqliteDatabase(path);
  return { database, dispose: () => database.close() };
}

export async function openPostgresForTest(prefix = 'sps_test'): Promise<TestDatabase> {
  const throwaway = await createThrowawayDatabase(prefix);
  const database = openPostgresDatabase(throwaway.url, { max: 4 });
  return {
    database,
    dispose: async () => {
      await database.close();
      await throwaway.drop();
    },
  };
}

export interface TestSchema<Tables> {
  schema: SchemaDatabase<Tables>;
  database: SqlDatabase;
  dispose(): Promise<void>;
}

/** Opens an engine of `testEngines` and brings one service's schema up to date on it. */
export async function openMigratedSchema<Tables>(
  open: () => Promise<TestDatabase>,
  schemaName: string,
  migrations: readonly SchemaMigration[],
): Promise<TestSchema<Tables>> {
  const { database, dispose } = await open();
  const schema = database.forSchema<Tables>(schemaName);
  await migrateSchema(schema, migrations);
  return { schema, database, dispose };
}
