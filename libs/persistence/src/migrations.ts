import { SqlClient } from './sql-client';

export interface Migration {
  /** Unique and ordered within its schema, e.g. `001-timers`. */
  id: string;
  sql: string;
}

/**
 * Applies the migrations of one service's schema that have not run yet, in order, each in its
 * own transaction. Replicas starting at once are serialized by an advisory lock on the schema.
 */
export async function runMigrations(sql: SqlClient, schema: string, migrations: readonly Migration[]): Promise<string[]> {
  const applied: string[] = [];
  await sql.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock(hashtext($1))', [`migrations:${schema}`]);
    await tx.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
    await tx.query(
      `CREATE TABLE IF NOT EXISTS ${schema}.schema_migrations (id text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())`,
    );
    const done = new Set(
      (await tx.query<{ id: string }>(`SELECT id FROM ${schema}.schema_migrations`)).map((row) => row.id),
    );
    for (const migration of [...migrations].sort((a, b) => a.id.localeCompare(b.id))) {
      if (done.has(migration.id)) continue;
      for (const statement of splitStatements(migration.sql)) await tx.query(statement);
      await tx.query(`INSERT INTO ${schema}.schema_migrations (id) VALUES ($1)`, [migration.id]);
      applied.push(migration.id);
    }
  });
  return applied;
}

/** Migrations are plain DDL separated by semicolons at line ends; no procedural bodies. */
function splitStatements(script: string): string[] {
  return script
    .split(/;\s*(?:\n|$)/)
    .map((statement) => statement.trim())
    .filter((statement) => statement.length > 0);
}
