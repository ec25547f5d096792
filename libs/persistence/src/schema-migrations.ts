import { Kysely, sql } from 'kysely';
import { AnyTables, SchemaDatabase } from './sql-database';
import { SqlDialect } from './sql-dialect';

/** One step of a service's schema, written once for both engines with Kysely's schema builder. */
export interface SchemaMigration {
  /** Unique and ordered within its schema, e.g. `001-timers`. */
  id: string;
  up(db: Kysely<AnyTables>, dialect: SqlDialect): Promise<void>;
}

interface MigrationTables {
  schema_migrations: { id: string; applied_at: Date | string };
}

/**
 * Applies the migrations of one service's schema that have not run yet, in order, in one
 * transaction. On PostgreSQL, replicas starting at once are serialized by a lock on the schema.
 */
export async function migrateSchema(database: SchemaDatabase, migrations: readonly SchemaMigration[]): Promise<string[]> {
  const { db, dialect, schema } = database as SchemaDatabase<MigrationTables>;
  return db.transaction().execute(async (tx) => {
    await dialect.transactionLock(tx, `migrations:${schema}`);
    // Under the lock: two `CREATE SCHEMA IF NOT EXISTS` at once can both try to create it.
    if (dialect.engine === 'postgres') await sql`CREATE SCHEMA IF NOT EXISTS ${sql.id(schema)}`.execute(tx);
    await tx.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('id', 'text', (col) => col.primaryKey())
      .addColumn('applied_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
    const done = new Set((await tx.selectFrom('schema_migrations').select('id').execute()).map((row) => row.id));
    const applied: string[] = [];
    for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
      if (done.has(migration.id)) continue;
      await migration.up(tx, dialect);
      await tx.insertInto('schema_migrations').values({ id: migration.id, applied_at: new Date() }).execute();
      applied.push(migration.id);
    }
    return applied;
  });
}
