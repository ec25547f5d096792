import type { Compilable, CompiledQuery, Kysely, QueryResult } from 'kysely';
import type { SchemaDatabase } from './sql-database';

/** Marks a parameter's place while the query is compiled; no stored value starts with it. */
const PLACEHOLDER = '\u0000prepared-parameter:';

type Binding = { name: string } | { value: unknown };

interface Compiled {
  query: CompiledQuery;
  bindings: readonly Binding[];
}

/**
 * A query whose shape never changes, built and compiled by Kysely once per database and then run
 * with new values only. On the hot paths building, transforming (the schema plugin) and compiling a
 * query cost as much as SQLite running it; a prepared query skips all three.
 *
 * The builder gets the database (its `db` and `dialect`) and the parameters as placeholders: it must place each one as a value (in `where`,
 * `values`, `set`, `limit`, a `sql` template) and never compute with it or branch on it; the
 * query's shape (columns, the number of rows inserted) must not depend on the values. The
 * parameters object cannot be spread or enumerated: name each column (`values({ a: p.a })`).
 *
 *   const lastEvent = new PreparedQuery(({ db }: SchemaDatabase<Tables>, p: { streamId: string }) =>
 *     db.selectFrom('events').select('revision').where('stream_id', '=', p.streamId).orderBy('revision', 'desc').limit(1));
 *   const row = await lastEvent.first(database, { streamId }, tx);
 */
export class PreparedQuery<Tables, Params extends object, Row> {
  private readonly compiled = new WeakMap<object, Compiled>();

  constructor(private readonly build: (database: SchemaDatabase<Tables>, params: Params) => Compilable<Row>) {}

  /**
   * Runs the query on `executor` (the database's own Kysely, or a transaction of it). On SQLite it
   * runs at once, inside its transaction or with none open; while another task's transaction holds
   * the connection, it waits for it through Kysely.
   */
  async run(database: SchemaDatabase<Tables>, params: Params, executor: Kysely<Tables> = database.db): Promise<QueryResult<Row>> {
    const query = this.bind(database, params);
    const { immediate } = database;
    if (immediate && (executor.isTransaction || !immediate.inTransaction)) return immediate.execute(query);
    return executor.executeQuery<Row>(query);
  }

  async rows(database: SchemaDatabase<Tables>, params: Params, executor?: Kysely<Tables>): Promise<Row[]> {
    return (await this.run(database, params, executor)).rows;
  }

  async first(database: SchemaDatabase<Tables>, params: Params, executor?: Kysely<Tables>): Promise<Row | undefined> {
    return (await this.run(database, params, executor)).rows[0];
  }

  private bind(database: SchemaDatabase<Tables>, params: Params): CompiledQuery<Row> {
    const { query, bindings } = this.compiledFor(database);
    const values = params as Record<string, unknown>;
    const parameters = bindings.map((binding) => {
      if (!('name' in binding)) return binding.value;
      if (!(binding.name in values)) throw new Error(`Prepared query: no value for parameter "${binding.name}"`);
      return values[binding.name];
    });
    return { ...query, parameters } as CompiledQuery<Row>;
  }

  private compiledFor(database: SchemaDatabase<Tables>): Compiled {
    let compiled = this.compiled.get(database.db);
    if (!compiled) {
      compiled = compile(database, this.build);
      this.compiled.set(database.db, compiled);
    }
    return compiled;
  }
}

function compile<Tables, Params extends object, Row>(
  database: SchemaDatabase<Tables>,
  build: (database: SchemaDatabase<Tables>, params: Params) => Compilable<Row>,
): Compiled {
  const used = new Set<string>();
  const placeholders = new Proxy({} as Params, {
    get: (_, name) => {
      if (typeof name !== 'string') return undefined;
      used.add(name);
      return PLACEHOLDER + name;
    },
  });
  const query = build(database, placeholders).compile();
  if (used.size === 0) throw new Error('Prepared query: no parameter was placed (was the parameters object spread? name each one)');
  if (query.sql.includes(PLACEHOLDER)) throw new Error('Prepared query: a parameter was written into the SQL text; place it as a value');
  const bindings = query.parameters.map((value): Binding => {
    if (typeof value !== 'string' || !value.startsWith(PLACEHOLDER)) return { value };
    const name = value.slice(PLACEHOLDER.length);
    if (!used.has(name)) throw new Error(`Prepared query: a value was computed from a parameter (${JSON.stringify(name)}); place parameters as they are`);
    return { name };
  });
  return { query, bindings };
}
