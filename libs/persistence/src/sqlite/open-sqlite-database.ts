import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteAdapter, SqliteDriver, SqliteIntrospector } from 'kysely';
import { AnyTables, SqlDatabase } from '../sql-database';
import { sqliteDialect } from '../sql-dialect';
import { NodeSqliteConnection } from './node-sqlite-connection';
import { SchemaPrefixSqliteQueryCompiler } from './schema-prefix-compiler';

/**
 * Opens the embedded database: one SQLite file (`:memory:` for tests) through `node:sqlite`, one
 * connection, WAL journal with `synchronous=NORMAL` (a commit survives a process crash; the last
 * commits before a power loss may not).
 */
export function openSqliteDatabase(path = ':memory:'): SqlDatabase {
  const db = new DatabaseSync(path);
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA foreign_keys = ON');
  const connection = new NodeSqliteConnection(db);
  const kysely = new Kysely<AnyTables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new SqliteDriver({ database: connection }),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SchemaPrefixSqliteQueryCompiler(),
    },
  });
  return new SqlDatabase(kysely, sqliteDialect);
}
