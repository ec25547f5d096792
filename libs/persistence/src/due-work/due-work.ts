import { randomUUID } from 'node:crypto';
import type { Compilable, Expression, ExpressionBuilder, Generated, Kysely, SqlBool, UpdateQueryBuilder, UpdateResult } from 'kysely';
import { PreparedQuery } from '../prepared-query';
import type { AnyTables, SchemaDatabase } from '../sql-database';
import { SqlDialect, toDate } from '../sql-dialect';

/**
 * The columns every table of due work has beside its own (timestamps of `dialect.types.timestamp`):
 * a row is due from `due_at` by the database clock, and free to claim while no lease holds it.
 */
export interface DueWorkColumns {
  /** When the row is due; null: not due at all (it waits for something to set it). */
  due_at: Date | string | null;
  /** While ahead (database clock), the claim that set it holds the row; null or past: free. */
  lease_until: Date | string | null;
  /** Names the claim that holds the row, so that only its holder finishes or releases it. */
  lease_token: string | null;
  /** Leases in a row that ran out on this row before it was released: its holders were cut off (0 normally). Integer, not null, default 0. */
  expired_leases: Generated<number>;
}

/** What frees a row of due work: for the insert or upsert that makes it due, and the update that finishes a claim. */
export const unleased = { lease_until: null, lease_token: null } as const;

/** A condition on the rows of table `TB`, beside being due and free. */
export type DueWorkFilter<DB, TB extends keyof DB> = (eb: ExpressionBuilder<DB, TB>, dialect: SqlDialect) => Expression<SqlBool>;

export interface DueWorkTable<DB, TB extends keyof DB & string> {
  table: TB;
  /** The columns that name one row. */
  key: readonly [keyof DB[TB] & string, ...(keyof DB[TB] & string)[]];
  /** Which rows count as work at all (a status, an active owner): a claim takes and a look at the next due time counts only these. */
  claimable?: DueWorkFilter<DB, TB>;
}

export interface LeaseRequest {
  /** Most rows taken. */
  limit: number;
  /** How long the claim holds them, by the database clock. */
  leaseMs: number;
}

export interface ClaimedRows<Row> {
  /** Names this claim: the rows are released, or finished, with it. */
  leaseToken: string;
  rows: Row[];
}

/** A claim's parameters: what it asks for, and the token it leases under. */
export type LeaseParams = LeaseRequest & { leaseToken: string };
type Untyped = Kysely<AnyTables>;

/**
 * Rows that come due and are worked on by one holder at a time, across replicas: a claim takes up
 * to `limit` due rows nobody holds, the earliest first, and leases them under a token for a while.
 * Rows another replica is claiming at that moment are skipped (row locks on PostgreSQL), and a row
 * whose holder ended without finishing is taken again once its lease runs out, with
 * `expired_leases` saying so. Every time is the database's clock, shared by all replicas.
 */
export class DueWork<DB, TB extends keyof DB & string> {
  /** The table's name, as the untyped queries below take it. */
  private readonly table: string;

  constructor(readonly spec: DueWorkTable<DB, TB>) {
    this.table = spec.table;
  }

  /**
   * A claim that returns what `returning` adds to the claiming statement (`claim.returning([...])`),
   * prepared once per database for the claims without a `where` of their own.
   */
  claims<Row>(returning: (claim: UpdateQueryBuilder<DB, TB, TB, UpdateResult>, database: SchemaDatabase<DB>) => Compilable<Row>): DueClaims<DB, TB, Row> {
    return new DueClaims(this, returning);
  }

  /** The statement that claims: an UPDATE of the due rows nobody holds, taken in order of due time. */
  claimStatement(database: SchemaDatabase<DB>, p: LeaseParams, where?: DueWorkFilter<DB, TB>): UpdateQueryBuilder<DB, TB, TB, UpdateResult> {
    const { dialect } = database;
    const db = database.db as unknown as Untyped;
    const column = (name: string) => `${this.table}.${name}`;
    const due = dialect.skipLocked(
      this.applyFilters(db.selectFrom(this.table).select(this.spec.key.map(column)), dialect, where)
        .where(column('due_at'), '<=', dialect.now())
        .where((eb) => eb.or([eb(column('lease_until'), 'is', null), eb(column('lease_until'), '<=', dialect.now())]))
        .orderBy(column('due_at'))
        .limit(p.limit),
    );
    return db
      .updateTable(this.table)
      .set((eb) => ({
        lease_until: dialect.nowPlusMs(p.leaseMs),
        lease_token: p.leaseToken,
        // Each value is computed from the row as it was: a lease still set ran out unreleased.
        expired_leases: eb.case().when(column('lease_until'), 'is', null).then(0).else(eb(column('expired_leases'), '+', 1)).end(),
      }))
      .where((eb) => {
        const [first, ...rest] = this.spec.key.map(column);
        return eb(rest.length === 0 ? eb.ref(first) : (eb.refTuple as (...refs: string[]) => Expression<unknown>)(first, ...rest), 'in', due);
      }) as unknown as UpdateQueryBuilder<DB, TB, TB, UpdateResult>;
  }

  /** Gives back the rows the claim `leaseToken` still holds: free again, due as they were. How many. */
  async release(database: SchemaDatabase<DB>, leaseToken: string): Promise<number> {
    const db = database.db as unknown as Untyped;
    const result = await db.updateTable(this.table).set(unleased).where('lease_token', '=', leaseToken).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  /**
   * Milliseconds until a claim (with `where`) can take the next row, by the database clock: 0 when
   * one is due and free now, null when no row is due at all. A held row counts from the end of its
   * lease, when a claim takes it if its holder has not finished it.
   */
  async msUntilNextClaimable(database: SchemaDatabase<DB>, where?: DueWorkFilter<DB, TB>): Promise<number | null> {
    const { dialect } = database;
    const db = database.db as unknown as Untyped;
    const column = (name: string) => `${this.table}.${name}`;
    const query = db.selectFrom(this.table).select((eb) => [
      eb.fn
        .min(eb.case().when(column('lease_until'), '>', eb.ref(column('due_at'))).then(eb.ref(column('lease_until'))).else(eb.ref(column('due_at'))).end())
        .as('next'),
      dialect.now().as('now'),
    ]);
    const row = (await this.applyFilters(query, dialect, where).executeTakeFirst()) as { next: Date | string | null; now: Date | string } | undefined;
    const next = toDate(row?.next ?? null);
    if (!row || !next) return null;
    return Math.max(0, next.getTime() - toDate(row.now).getTime());
  }

  /**
   * Ends now the leases found when the process starts, so that their rows are taken again at once
   * rather than when the leases run out, as cut off (`expired_leases`). Only on a database one
   * process opens at a time: there every lease was left by a process that ended; on a shared one it
   * may be a live replica's, and nothing is done. How many.
   */
  async expireLeftoverLeases(database: SchemaDatabase<DB>): Promise<number> {
    const { dialect } = database;
    if (!dialect.singleProcess) return 0;
    const db = database.db as unknown as Untyped;
    const result = await db.updateTable(this.table).set({ lease_until: dialect.now() }).where('lease_until', '>', dialect.now()).executeTakeFirst();
    return Number(result.numUpdatedRows);
  }

  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- a query of any table of due work
  private applyFilters<Q extends { where(filter: (eb: any) => Expression<SqlBool>): Q }>(query: Q, dialect: SqlDialect, where?: DueWorkFilter<DB, TB>): Q {
    let filtered = query;
    for (const filter of [this.spec.claimable, where]) {
      if (filter) filtered = filtered.where((eb) => filter(eb, dialect));
    }
    return filtered;
  }
}

/** The claims of one table of due work, each returning `Row`s (see `DueWork.claims`). */
export class DueClaims<DB, TB extends keyof DB & string, Row> {
  private readonly prepared: PreparedQuery<DB, LeaseParams, Row>;

  constructor(
    private readonly work: DueWork<DB, TB>,
    private readonly returning: (claim: UpdateQueryBuilder<DB, TB, TB, UpdateResult>, database: SchemaDatabase<DB>) => Compilable<Row>,
  ) {
    this.prepared = new PreparedQuery((database: SchemaDatabase<DB>, p: LeaseParams) => this.returning(this.work.claimStatement(database, p), database));
  }

  /** Claims up to `limit` due rows (those `where` lets through, too) for `leaseMs`, under a new lease token. */
  async take(database: SchemaDatabase<DB>, request: LeaseRequest, where?: DueWorkFilter<DB, TB>): Promise<ClaimedRows<Row>> {
    const params = { limit: request.limit, leaseMs: request.leaseMs, leaseToken: randomUUID() };
    const rows = where
      ? (await database.db.executeQuery<Row>(this.returning(this.work.claimStatement(database, params, where), database).compile())).rows
      : await this.prepared.rows(database, params);
    return { leaseToken: params.leaseToken, rows };
  }
}
