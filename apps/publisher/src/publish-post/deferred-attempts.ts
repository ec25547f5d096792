import { Inject, Injectable } from '@nestjs/common';
import { AccountSnapshot, PostVersion } from '@app/domain';
import { StoredTrace } from '@app/messaging';
import { DueWork, SchemaDatabase, toDate, unleased } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';
import { AttemptKey } from './attempt-journal';

export interface DeferredAttempt {
  key: AttemptKey;
  account: AccountSnapshot;
  versions: PostVersion[];
  deferrals: number;
  /** The lease of an earlier runner ran out: its provider call was cut off (the item steps tell which item is in doubt). */
  interrupted: boolean;
  /** The trace of the publishing that first deferred it. */
  trace: StoredTrace;
}

const keyOf = (key: AttemptKey) => ({ post_uuid: key.postUuid, account_id: key.accountId, round: key.round });

const dueAttempts = new DueWork<PublisherTables, 'deferred_attempts'>({ table: 'deferred_attempts', key: ['post_uuid', 'account_id', 'round'] });
const claimAttempts = dueAttempts.claims((claim) => claim.returning(['post_uuid', 'account_id', 'round', 'deferrals', 'account', 'versions', 'expired_leases', 'traceparent', 'traced_at']));

/**
 * Attempts a platform asked to wait for (a 429's reset, a long Retry-After) longer than a consumer
 * may hold its partition. Each stays `started` in the journal; a runner claims it when due, with a
 * lease, so that one runner at a time, on one replica, calls the provider again. Due times and
 * leases are the database clock's.
 */
@Injectable()
export class DeferredAttempts {
  constructor(@Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>) {}

  /**
   * Defers the attempt until `dueInMs` from now, free for the next runner that finds it due; the
   * trace of the first deferral is kept (a resumed attempt deferred again stays in it).
   */
  async defer(key: AttemptKey, account: AccountSnapshot, versions: readonly PostVersion[], dueInMs: number, deferrals: number, trace?: StoredTrace): Promise<void> {
    const { db, dialect } = this.database;
    const dueAt = dialect.nowPlusMs(dueInMs);
    const traced = { traceparent: trace?.traceparent ?? null, traced_at: trace?.storedAt ?? null };
    await db
      .insertInto('deferred_attempts')
      .values({ ...keyOf(key), due_at: dueAt, deferrals, account: dialect.json(account), versions: dialect.json(versions), ...traced, ...unleased })
      .onConflict((conflict) => conflict.columns(['post_uuid', 'account_id', 'round']).doUpdateSet({ due_at: dueAt, deferrals, ...unleased }))
      .execute();
  }

  async has(key: AttemptKey): Promise<boolean> {
    const row = await this.database.db.selectFrom('deferred_attempts').select('round').where((eb) => eb.and(keyOf(key))).executeTakeFirst();
    return row !== undefined;
  }

  /** Claims up to `limit` due attempts for `leaseMs`; an attempt claimed before whose lease ran out comes back `interrupted`. */
  async claimDue(leaseMs: number, limit: number): Promise<DeferredAttempt[]> {
    const { dialect } = this.database;
    const { rows } = await claimAttempts.take(this.database, { limit, leaseMs });
    return rows.map((row) => ({
      key: { postUuid: row.post_uuid, accountId: Number(row.account_id), round: row.round },
      account: dialect.readJson<AccountSnapshot>(row.account),
      versions: dialect.readJson<PostVersion[]>(row.versions),
      deferrals: row.deferrals,
      interrupted: row.expired_leases > 0,
      trace: { traceparent: row.traceparent ?? null, storedAt: row.traced_at ? toDate(row.traced_at) : new Date() },
    }));
  }

  /** Milliseconds until a claim can take the next deferred attempt, by the database clock; null when none waits. */
  msUntilNextDue(): Promise<number | null> {
    return dueAttempts.msUntilNextClaimable(this.database);
  }

  async remove(key: AttemptKey): Promise<void> {
    await this.database.db.deleteFrom('deferred_attempts').where((eb) => eb.and(keyOf(key))).execute();
  }
}
