import { DatabaseSync, SQLInputValue, StatementSync } from 'node:sqlite';
import type { CompiledQuery, QueryResult, SqliteDatabase, SqliteStatement } from 'kysely';
import type { ImmediateStatements } from '../sql-database';

type SqliteValue = SQLInputValue;

/**
 * Statements this process ran on SQLite, every database together, by kind (read by
 * `sqlite_statements_total`), and the writes run outside a transaction, each committed on its own
 * (`sqlite_transactions_total` counts them with the commits).
 */
export const sqliteStatementCounts = { begin: 0, commit: 0, other: 0, writesAlone: 0 };

type StatementKind = 'begin' | 'commit' | 'other';

/** Prepared statements kept per SQL text; the services use a bounded set of statements. */
const MAX_CACHED_STATEMENTS = 500;

/**
 * `node:sqlite` (built into Node.js, no native addon to build) in the shape Kysely's SQLite
 * dialect drives. Prepared statements are cached by their text; parameters are converted to
 * what SQLite stores: booleans as 0/1, dates as ISO 8601 UTC text (which sorts like the instant).
 */
export class NodeSqliteConnection implements SqliteDatabase, ImmediateStatements {
  private readonly statements = new Map<string, CachedStatement>();

  constructor(readonly db: DatabaseSync) {}

  prepare(sql: string): SqliteStatement {
    let statement = this.statements.get(sql);
    if (!statement) {
      if (this.statements.size >= MAX_CACHED_STATEMENTS) this.statements.delete(this.statements.keys().next().value!);
      statement = new CachedStatement(this.db, this.db.prepare(sql));
      this.statements.set(sql, statement);
    }
    return statement;
  }

  get inTransaction(): boolean {
    return this.db.isTransaction;
  }

  /** The query run at once, its result as Kysely's SQLite driver gives it. */
  execute<Row>(query: CompiledQuery<Row>): QueryResult<Row> {
    const statement = this.prepare(query.sql);
    if (statement.reader) return { rows: statement.all(query.parameters) as Row[] };
    const { changes, lastInsertRowid } = statement.run(query.parameters);
    return { numAffectedRows: BigInt(changes), insertId: BigInt(lastInsertRowid), rows: [] };
  }

  close(): void {
    this.statements.clear();
    if (this.db.isOpen) this.db.close();
  }
}

class CachedStatement implements SqliteStatement {
  readonly reader: boolean;
  private readonly kind: StatementKind;
  /** An insert, update or delete: outside a transaction it commits on its own, whether it returns rows or not. */
  private readonly writes: boolean;

  constructor(
    private readonly db: DatabaseSync,
    private readonly statement: StatementSync,
  ) {
    this.reader = statement.columns().length > 0;
    this.kind = kindOf(statement.sourceSQL);
    this.writes = /^\s*(insert|update|delete|replace)\b/i.test(statement.sourceSQL);
  }

  all(parameters: ReadonlyArray<unknown>): unknown[] {
    this.count();
    return this.statement.all(...toSqliteValues(parameters));
  }

  run(parameters: ReadonlyArray<unknown>): { changes: number | bigint; lastInsertRowid: number | bigint } {
    this.count();
    return this.statement.run(...toSqliteValues(parameters));
  }

  private count(): void {
    sqliteStatementCounts[this.kind]++;
    if (this.writes && !this.db.isTransaction) sqliteStatementCounts.writesAlone++;
  }

  *iterate(parameters: ReadonlyArray<unknown>): IterableIterator<unknown> {
    this.count();
    yield* this.statement.iterate(...toSqliteValues(parameters));
  }
}

function kindOf(sql: string): StatementKind {
  const text = sql.trim().toLowerCase();
  if (text === 'begin' || text.startsWith('begin ')) return 'begin';
  if (text === 'commit') return 'commit';
  return 'other';
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
