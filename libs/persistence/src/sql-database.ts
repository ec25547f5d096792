import { Kysely, WithSchemaPlugin } from 'kysely';
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
}

/** One database (a SQLite file or a PostgreSQL pool) that services share, each in its own schema. */
export class SqlDatabase {
  constructor(
    readonly kysely: Kysely<AnyTables>,
    readonly dialect: SqlDialect,
  ) {}

  forSchema<Tables>(schema: string): SchemaDatabase<Tables> {
    if (!/^[a-z][a-z0-9_]*$/.test(schema)) throw new Error(`Invalid schema name "${schema}"`);
    return { schema, dialect: this.dialect, db: this.kysely.withPlugin(new WithSchemaPlugin(schema)) as Kysely<Tables> };
  }

  async close(): Promise<void> {
    await this.kysely.destroy();
  }
}

export const DATABASE = Symbol('DATABASE');
