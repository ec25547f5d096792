import { DatabaseSync } from 'node:sqlite';
import { Kysely, SqliteAdapter, SqliteDriver, SqliteIntrospector } from 'kysely';
import { AnyTables, SqlDatabase } from '../sql-database';
import { sqliteDialect } from '../sql-dialect';
import { NodeSqliteConnection } from './node-sqlite-connection';
import { ownerOnlyDatabaseFiles } from './owner-only-database-files';
import { registerProcessClock } from './process-clock';
import { SchemaPrefixSqliteQueryCompiler } from './schema-prefix-compiler';
import { observeSqliteStatements } from './sqlite-statements-metric';

/**
 * Pages the write-ahead log may hold before a commit copies them into the database file: 10,000
 * (about 40 MB) instead of SQLite's 1,000. Each such checkpoint syncs the file to disk; with one
 * every 1,000 pages they took a third of the time of the service's small transactions.
 */
const WAL_CHECKPOINT_PAGES = 10_000;

/** After a checkpoint, a log that grew larger than this is cut back to it. */
const WAL_SIZE_LIMIT_BYTES = 64 * 1024 * 1024;

/**
 * Opens the embedded database: one SQLite file (`:memory:` for tests) through `node:sqlite`, one
 * connection, WAL journal with `synchronous=NORMAL` (a commit survives a process crash; the last
 * commits before a power loss may not), checkpointed every WAL_CHECKPOINT_PAGES pages, locked by
 * this connection alone while it is open. A database file and its journal files are readable by the
 * owner alone (0600). Its clock is the process's (`registerProcessClock`).
 */
export function openSqliteDatabase(path = ':memory:'): SqlDatabase {
  if (path !== ':memory:' && path !== '' && !path.startsWith('file:')) ownerOnlyDatabaseFiles(path);
  const db = new DatabaseSync(path);
  // One process at a time opens the database (the data directory's lock sees to it): it holds the
  // file's lock from its first statement to the end, and keeps the WAL index in its own memory, so
  // a transaction makes no locking calls to the file system (set before the first access to take effect).
  db.exec('PRAGMA locking_mode = EXCLUSIVE');
  db.exec('PRAGMA journal_mode = WAL');
  db.exec('PRAGMA synchronous = NORMAL');
  db.exec(`PRAGMA wal_autocheckpoint = ${WAL_CHECKPOINT_PAGES}`);
  db.exec(`PRAGMA journal_size_limit = ${WAL_SIZE_LIMIT_BYTES}`);
  db.exec('PRAGMA busy_timeout = 5000');
  db.exec('PRAGMA foreign_keys = ON');
  registerProcessClock(db);
  observeSqliteStatements();
  const connection = new NodeSqliteConnection(db);
  const kysely = new Kysely<AnyTables>({
    dialect: {
      createAdapter: () => new SqliteAdapter(),
      createDriver: () => new SqliteDriver({ database: connection }),
      createIntrospector: (k) => new SqliteIntrospector(k),
      createQueryCompiler: () => new SchemaPrefixSqliteQueryCompiler(),
    },
  });
  return new SqlDatabase(kysely, sqliteDialect, connection);
}
