import { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { SqliteDatabase, SqliteStatement } from 'kysely';

type SqliteValue = SQLInputValue;

/** Prepared statements kept per SQL text; the services use a bounded set of statements. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * `node:sqlite` (built into Node.js, no native addon to build) in the shape Kysely's SQLite
 * dialect drives. Prepared statements are cached by their text; parameters are converted to
 * what SQLite stores: booleans as 0/1, dates as ISO 8601 UTC text (which sorts like the instant).
 */
export class NodeSqliteConnection implements SqliteDatabase {
  private readonly statements = new Map<string, CachedStatement>();

  constructor(readonly db: DatabaseSync) {}

  prepare(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.delete(this.statements.keys().next().value!);
      statement = new CachedStatement(this.db.prepare(sql));
      this.statements.set(sql, statement);
    }
    return statement;
  }

  close(): void {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

class CachedStatement implements SqliteStatement {
  readonly reader: boolean;

  constructor(private readonly statement: StatementSync) {
    this.reader = statement.columns().length > 0;
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    return this.statement.all(...toSqliteValues(parameters));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    return this.statement.run(...toSqliteValues(parameters));
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    yield* this.statement.iterate(...toSqliteValues(parameters));
  }
}

function toSqliteValues(parameters: ReadonlyArray<unknown>): SqliteValue[] {
  return parameters.map(toSqliteValue);
}

export function toSqliteValue(value: unknown): SqliteValue {
  if (value === undefined || value === null) return null;
  if (typeof value === 'boolean') return value ? 1 : 0;
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'number' || typeof value === 'bigint' || typeof value === 'string') return value;
  if (value instanceof Uint8Array) return value;
  throw new TypeError(`SQLite cannot store a parameter of type ${typeof value}; convert it first (JSON with dialect.json)`);
}
