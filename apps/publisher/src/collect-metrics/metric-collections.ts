import { Inject, Injectable } from '@nestjs/common';
import { METRICS_REFRESH_INTERVAL_SECONDS, RefreshMetricsReply } from '@app/contracts';
import type { AccountSnapshot } from '@app/domain';
import { DueWork, PreparedQuery, SchemaDatabase, toDate, unleased } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';

/** A published account whose figures are to be collected. */
export interface PlannedCollection {
  postUuid: string;
  workspaceUuid: string;
  account: AccountSnapshot;
  externalId: string;
  externalUrl: string | null;
  publishedAt: Date;
}

/** A collection claimed because a reading is due: a point of the schedule, or a refresh asked for. */
export interface DueCollection extends PlannedCollection {
  /** Points of the schedule already read or passed. */
  nextPoint: number;
  refreshPoint: string | null;
  failures: number;
  leaseToken: string;
}

const keyOf = (collection: { postUuid: string; account: { id: number } }) => ({ post_uuid: collection.postUuid, account_id: collection.account.id });
const dueCollections = new DueWork<PublisherTables, 'metric_collections'>({ table: 'metric_collections', key: ['post_uuid', 'account_id'] });
const claimCollections = dueCollections.claims((claim) => claim.returningAll());

type NewCollection = ReturnType<typeof keyOf> & {
  workspace_uuid: string;
  provider: string;
  account: string;
  external_id: string;
  external_url: string | null;
  published_at: Date;
  due_at: Date | null;
};

/** A new collection, from its first point; one already planned stays as it is. Prepared: it runs once per published account. */
const insertCollection = new PreparedQuery(({ db }: SchemaDatabase<PublisherTables>, p: NewCollection) =>
  db
    .insertInto('metric_collections')
    .values({
      post_uuid: p.post_uuid,
      account_id: p.account_id,
      workspace_uuid: p.workspace_uuid,
      provider: p.provider,
      account: p.account,
      external_id: p.external_id,
      external_url: p.external_url,
      published_at: p.published_at,
      next_point: 0,
      refresh_point: null,
      refreshed_at: null,
      failures: 0,
      due_at: p.due_at,
      ...unleased,
    })
    .onConflict((conflict) => conflict.columns(['post_uuid', 'account_id']).doNothing()),
);

/**
 * The collections of published accounts' figures (table `metric_collections`), each due when its
 * next point of ANALYTICS_SCHEDULE comes (counted from when the post was published on the account)
 * or when a refresh is asked for; leased while a collector reads it, so one replica reads it at a time.
 */
@Injectable()
export class MetricCollections {
  constructor(@Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>) {}

  /**
   * Starts collecting, first due at `firstDueAt` (null: only when a refresh is asked for), in `tx`
   * when given; a collection already planned stays as it is.
   */
  async plan(collection: PlannedCollection, firstDueAt: Date | null, tx: SchemaDatabase<PublisherTables>['db'] = this.database.db): Promise<void> {
    const { dialect } = this.database;
    await insertCollection.run(
      this.database,
      {
        ...keyOf(collection),
        workspace_uuid: collection.workspaceUuid,
        provider: collection.account.provider,
        account: dialect.json(collection.account),
        external_id: collection.externalId,
        external_url: collection.externalUrl,
        published_at: collection.publishedAt,
        due_at: firstDueAt,
      },
      tx,
    );
  }

  /** Claims up to `limit` due collections for `leaseMs`. */
  async claimDue(leaseMs: number, limit: number): Promise<DueCollection[]> {
    const { dialect } = this.database;
    const { leaseToken, rows } = await claimCollections.take(this.database, { limit, leaseMs });
    return rows.map((row) => ({
      postUuid: row.post_uuid,
      workspaceUuid: row.workspace_uuid,
      account: dialect.readJson<AccountSnapshot>(row.account),
      externalId: row.external_id,
      externalUrl: row.external_url,
      publishedAt: toDate(row.published_at)!,
      nextPoint: row.next_point,
      refreshPoint: row.refresh_point,
      failures: row.failures,
      leaseToken,
    }));
  }

  /** Milliseconds until a claim can take the next collection, by the database clock; null when none is due. */
  msUntilNextDue(): Promise<number | null> {
    return dueCollections.msUntilNextClaimable(this.database);
  }

  /**
   * A reading is done (or given up): the schedule goes on from `nextPoint`, due at `nextDueAt` (null:
   * no point left), and the refresh that was read, if any, is cleared (a newer one asked for meanwhile stays).
   */
  async advance(collection: DueCollection, nextPoint: number, nextDueAt: Date | null): Promise<void> {
    const { db, dialect } = this.database;
    const refreshLeft = collection.refreshPoint;
    await db
      .updateTable('metric_collections')
      .set((eb) => {
        const newerRefresh = eb.and([eb('refresh_point', 'is not', null), refreshLeft === null ? eb.lit(true) : eb('refresh_point', '!=', refreshLeft)]);
        return {
          next_point: nextPoint,
          failures: 0,
          refresh_point: eb.case().when(newerRefresh).then(eb.ref('refresh_point')).else(null).end(),
          due_at: eb.case().when(newerRefresh).then(dialect.now()).else(nextDueAt).end(),
          ...unleased,
        };
      })
      .where((eb) => eb.and({ ...keyOf(collection), lease_token: collection.leaseToken }))
      .execute();
  }

  /** A passing failure: the same reading is due again in `ms`. */
  async postpone(collection: DueCollection, ms: number): Promise<void> {
    const { db, dialect } = this.database;
    await db
      .updateTable('metric_collections')
      .set({ due_at: dialect.nowPlusMs(ms), failures: collection.failures + 1, ...unleased })
      .where((eb) => eb.and({ ...keyOf(collection), lease_token: collection.leaseToken }))
      .execute();
  }

  /** The account is gone, or its platform reads nothing: the collection ends. */
  async end(collection: DueCollection): Promise<void> {
    await this.database.db.deleteFrom('metric_collections').where((eb) => eb.and(keyOf(collection))).execute();
  }

  /**
   * Makes every collection of the post due now, as `refresh:<now>`: at most once a minute per post
   * (the wait is answered instead, and nothing changes).
   */
  async askRefresh(workspaceUuid: string, postUuid: string, now: Date): Promise<RefreshMetricsReply> {
    const { db, dialect } = this.database;
    return db.transaction().execute(async (tx) => {
      const rows = await tx.selectFrom('metric_collections').select(['refreshed_at']).where('post_uuid', '=', postUuid).where('workspace_uuid', '=', workspaceUuid).execute();
      const last = Math.max(0, ...rows.map((row) => toDate(row.refreshed_at)?.getTime() ?? 0));
      const waitMs = last + METRICS_REFRESH_INTERVAL_SECONDS * 1000 - now.getTime();
      if (rows.length > 0 && waitMs > 0) return { accounts: rows.length, retryAfterSeconds: Math.ceil(waitMs / 1000) };
      await tx
        .updateTable('metric_collections')
        .set({ refresh_point: `refresh:${now.toISOString()}`, refreshed_at: now, due_at: dialect.now() })
        .where('post_uuid', '=', postUuid)
        .where('workspace_uuid', '=', workspaceUuid)
        .execute();
      return { accounts: rows.length, retryAfterSeconds: null };
    });
  }
}
