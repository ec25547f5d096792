import { Inject, Injectable } from '@nestjs/common';
import { AccountSnapshot, PostVersion } from '@app/domain';
import { SchemaDatabase, toDate } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';
import { AttemptKey } from './attempt-journal';

export interface DeferredAttempt {
  key: AttemptKey;
  account: AccountSnapshot;
  versions: PostVersion[];
  deferrals: number;
  /** The lease of an earlier runner ran out: its provider call was cut off (the item steps tell which item is in doubt). */
  interrupted: boolean;
}

const keyOf = (key: AttemptKey) => ({ post_uuid: key.postUuid, account_id: key.accountId, round: key.round });

/**
 * Attempts a platform asked to wait for (a 429's reset, a long Retry-After) longer than a consumer
 * may hold its partition. Each stays `started` in the journal; a runner claims it when due, with a
 * lease, so that one runner at a time, on one replica, calls the provider again.
 */
@Injectable()
export class DeferredAttempts {
  constructor(@Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>) {}

  async defer(key: AttemptKey, account: AccountSnapshot, versions: readonly PostVersion[], dueAt: Date, deferrals: number): Promise<void> {
    const { db, dialect } = this.database;
    await db
      .insertInto('deferred_attempts')
      .values({ ...keyOf(key), due_at: dueAt, claimed_until: null, deferrals, account: dialect.json(account), versions: dialect.json(versions) })
      .onConflict((conflict) =>
        conflict.columns(['post_uuid', 'account_id', 'round']).doUpdateSet({ due_at: dueAt, claimed_until: null, deferrals }),
      )
      .execute();
  }

  async has(key: AttemptKey): Promise<boolean> {
    const row = await this.database.db.selectFrom('deferred_attempts').select('round').where((eb) => eb.and(keyOf(key))).executeTakeFirst();
    return row !== undefined;
  }

  /** Claims up to `limit` due attempts for `leaseMs`; an attempt claimed before whose lease ran out comes back `interrupted`. */
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<DeferredAttempt[]> {
    const { db, dialect } = this.database;
    const due = await dialect
      .skipLocked(
        db
          .selectFrom('deferred_attempts')
          .select(['post_uuid', 'account_id', 'round'])
          .where('due_at', '<=', now)
          .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
          .orderBy('due_at')
          .limit(limit),
      )
      .execute();
    const claimed: DeferredAttempt[] = [];
    for (const row of due) {
      const previous = await db
        .selectFrom('deferred_attempts')
        .select('claimed_until')
        .where((eb) => eb.and({ post_uuid: row.post_uuid, account_id: row.account_id, round: row.round }))
        .executeTakeFirst();
      const taken = await db
        .updateTable('deferred_attempts')
        .set({ claimed_until: new Date(now.getTime() + leaseMs) })
        .where((eb) => eb.and({ post_uuid: row.post_uuid, account_id: row.account_id, round: row.round }))
        .where((eb) => eb.or([eb('claimed_until', 'is', null), eb('claimed_until', '<=', now)]))
        .returning(['post_uuid', 'account_id', 'round', 'deferrals', 'account', 'versions'])
        .executeTakeFirst();
      if (!taken) continue;
      claimed.push({
        key: { postUuid: taken.post_uuid, accountId: Number(taken.account_id), round: taken.round },
        account: dialect.readJson<AccountSnapshot>(taken.account),
        versions: dialect.readJson<PostVersion[]>(taken.versions),
        deferrals: taken.deferrals,
        interrupted: previous?.claimed_until != null && toDate(previous.claimed_until).getTime() <= now.getTime(),
      });
    }
    return claimed;
  }

  async remove(key: AttemptKey): Promise<void> {
    await this.database.db.deleteFrom('deferred_attempts').where((eb) => eb.and(keyOf(key))).execute();
  }
}
