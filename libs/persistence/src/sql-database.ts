import { CompiledQuery, Kysely, QueryResult, WithSchemaPlugin } from 'kysely';
import { SqlDialect } from './sql-dialect';

/** Tables not described to the compiler: migrations, and a database shared by several schemas. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- Kysely's own form for untyped tables
export type AnyTables = any;

/**
 * The tables of one service: `<schema>.<table>` on PostgreSQL, `<schema>_<table>` in the one
 * SQLite file. A service is handed only its own schema, so it cannot reach another's tables.
 */
export interface SchemaDatabase<Tables = AnyTables> {
  readonly schema: string;
  readonly db: Kysely<Tables>;
  readonly dialect: SqlDialect;
  /** On a database with one synchronous connection (SQLite): runs a compiled query at once. */
  readonly immediate?: ImmediateStatements;
}

/**
 * A database whose one connection runs statements synchronously (`node:sqlite`): a compiled query
 * runs at once, with no executor, connection hand-off or promise per step, giving what Kysely's
 * driver would. It may run so only when no transaction is open on the connection, or inside its
 * own transaction; otherwise it would run inside another task's transaction.
 */
export interface ImmediateStatements {
  /** Whether a transaction is open on the connection now. */
  readonly inTransaction: boolean;
  execute<Row>(query: CompiledQuery<Row>): QueryResult<Row>;
}

/** One database (a SQLite file or a PostgreSQL pool) that services share, each in its own schema. */
export class SqlDatabase {
  constructor(
    readonly kysely: Kysely<AnyTables>,
    readonly dialect: SqlDialect,
    readonly immediate?: ImmediateStatements,
  ) {}

  forSchema<Tables>(schema: string): SchemaDatabase<Tables> {
    if (!/^[a-z][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
    return { schema, dialect: this.dialect, db: this.kysely.withPlugin(new WithSchemaPlugin(schema)) as Kysely<Tables>, immediate: this.immediate };
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
  }
}

export const DATABASE = Symbol('DATABASE');
