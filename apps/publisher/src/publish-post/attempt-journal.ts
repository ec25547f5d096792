import { Inject, Injectable } from '@nestjs/common';
import { PreparedQuery, SchemaDatabase, toDate } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';
import { PublishResult } from './publish-result';

/** One publishing round of a post to one account; the round is the revision of its PublishingStarted. */
export interface AttemptKey {
  postUuid: string;
  accountId: number;
  round: number;
}

/**
 * - `new`: this call journaled the attempt; the provider may be called.
 * - `finished`: attempted before, with this result.
 * - `in_progress`: another consumer holds the attempt's lease: it is calling the provider now.
 * - `interrupted`: started before but no outcome stored and nobody holds it: a crash during the provider call.
 */
export type AttemptStart = { kind: 'new' } | { kind: 'finished'; result: PublishResult } | { kind: 'in_progress'; until: Date } | { kind: 'interrupted' };

type AttemptRow = Pick<PublisherTables['attempts'], 'state' | 'outcome' | 'external_id' | 'external_url' | 'errors' | 'lease_until' | 'items'>;

type PublisherDatabase = SchemaDatabase<PublisherTables>;

/** Journals a started attempt held for `leaseMs`, unless it exists; returns a row when it was journaled. */
const beginAttempt = new PreparedQuery(({ db, dialect }: PublisherDatabase, p: AttemptKey & { noErrors: string; leaseMs: number }) =>
  db
    .insertInto('attempts')
    .values({
      post_uuid: p.postUuid,
      account_id: p.accountId,
      round: p.round,
      state: 'started',
      errors: p.noErrors,
      started_at: dialect.now(),
      lease_until: dialect.nowPlusMs(p.leaseMs),
    })
    .onConflict((conflict) => conflict.doNothing())
    .returning('round'),
);

const holdAttempt = new PreparedQuery(({ db, dialect }: PublisherDatabase, p: AttemptKey & { leaseMs: number }) =>
  db
    .updateTable('attempts')
    .set({ lease_until: dialect.nowPlusMs(p.leaseMs) })
    .where('post_uuid', '=', p.postUuid)
    .where('account_id', '=', p.accountId)
    .where('round', '=', p.round)
    .where('state', '=', 'started'),
);

/** Stores the result of a started attempt; returns a row when the attempt was still started. */
const finishAttempt = new PreparedQuery(
  ({ db, dialect }: PublisherDatabase, p: AttemptKey & { outcome: PublishResult['outcome']; externalId: string | null; externalUrl: string | null; errors: string; items: string }) =>
    db
      .updateTable('attempts')
      .set({
        state: 'finished',
        outcome: p.outcome,
        external_id: p.externalId,
        external_url: p.externalUrl,
        errors: p.errors,
        items: p.items,
        finished_at: dialect.now(),
        lease_until: null,
      })
      .where('post_uuid', '=', p.postUuid)
      .where('account_id', '=', p.accountId)
      .where('round', '=', p.round)
      .where('state', '=', 'started')
      .returning('round'),
);

const latestRoundOf = new PreparedQuery(({ db }: PublisherDatabase, p: { postUuid: string }) =>
  db
    .selectFrom('attempts')
    .select((eb) => eb.fn.max('round').as('round'))
    .where('post_uuid', '=', p.postUuid),
);

const firstAttemptOf = new PreparedQuery(({ db }: PublisherDatabase, p: { postUuid: string; accountId: number }) =>
  db.selectFrom('attempts').select('started_at').where('post_uuid', '=', p.postUuid).where('account_id', '=', p.accountId).orderBy('round').limit(1),
);

/**
 * Journal of publish attempts (schema `publisher`), written before a provider is called. The
 * claim on an attempt is its primary key: of the consumers that begin the same attempt, on one
 * process or on replicas, exactly one inserts the row and may call the provider; the row is
 * committed before the call, so a crash leaves it `started` and the attempt is never made blindly
 * again.
 */
@Injectable()
export class AttemptJournal {
  constructor(@Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>) {}

  /** Journals the attempt, held for `leaseMs` by the caller, or says what became of it. */
  async begin(key: AttemptKey, leaseMs: number): Promise<AttemptStart> {
    const { postUuid, accountId, round } = key;
    const inserted = await beginAttempt.first(this.database, { postUuid, accountId, round, noErrors: this.database.dialect.json([]), leaseMs });
    if (inserted) return { kind: 'new' };
    const row = await this.read(key);
    if (row?.state === 'finished') return { kind: 'finished', result: this.resultOf(row) };
    const until = toDate(row?.lease_until ?? null);
    return until && until.getTime() > Date.now() ? { kind: 'in_progress', until } : { kind: 'interrupted' };
  }

  /** The caller is about to call the provider for a started attempt: it holds it for `leaseMs`. */
  async hold(key: AttemptKey, leaseMs: number): Promise<void> {
    const { postUuid, accountId, round } = key;
    await holdAttempt.run(this.database, { postUuid, accountId, round, leaseMs });
  }

  /** Nobody calls the provider for the attempt now (it waits, deferred): a later start finds it free. */
  async release(key: AttemptKey): Promise<void> {
    await this.setLease(key, null);
  }

  private async setLease(key: AttemptKey, leaseUntil: null): Promise<void> {
    await this.database.db
      .updateTable('attempts')
      .set({ lease_until: leaseUntil })
      .where('post_uuid', '=', key.postUuid)
      .where('account_id', '=', key.accountId)
      .where('round', '=', key.round)
      .where('state', '=', 'started')
      .execute();
  }

  /**
   * Stores the result of a started attempt and returns the stored one: if another consumer
   * finished the attempt first, its result stands. `alongside` runs in the same transaction (the
   * attempt's steps forgotten with it: one commit, not one per table).
   */
  async finish(key: AttemptKey, result: PublishResult, alongside?: (tx: PublisherDatabase['db']) => Promise<void>): Promise<PublishResult> {
    const { postUuid, accountId, round } = key;
    const { database } = this;
    const params = {
      postUuid,
      accountId,
      round,
      outcome: result.outcome,
      externalId: result.externalId,
      externalUrl: result.externalUrl,
      errors: database.dialect.json(result.errors),
      items: database.dialect.json(result.items),
    };
    const updated = await database.db.transaction().execute(async (tx) => {
      const row = await finishAttempt.first(database, params, tx);
      await alongside?.(tx);
      return row;
    });
    if (updated) return result;
    const row = await this.read(key);
    if (row?.state !== 'finished') throw new Error(`Publish attempt ${key.postUuid}/${key.accountId}/${key.round} vanished`);
    return this.resultOf(row);
  }

  /** When the first attempt of a post on an account began, over every round; null before any. */
  async firstStartedAt(postUuid: string, accountId: number): Promise<Date | null> {
    const row = await firstAttemptOf.first(this.database, { postUuid, accountId });
    return row ? toDate(row.started_at) : null;
  }

  /** The latest round journaled for a post, or null. */
  async latestRound(postUuid: string): Promise<number | null> {
    const row = await latestRoundOf.first(this.database, { postUuid });
    return row?.round ?? null;
  }

  private async read(key: AttemptKey): Promise<AttemptRow | null> {
    const row = await this.database.db
      .selectFrom('attempts')
      .select(['state', 'outcome', 'external_id', 'external_url', 'errors', 'lease_until', 'items'])
      .where('post_uuid', '=', key.postUuid)
      .where('account_id', '=', key.accountId)
      .where('round', '=', key.round)
      .executeTakeFirst();
    return row ?? null;
  }

  private resultOf(row: AttemptRow): PublishResult {
    return {
      outcome: row.outcome ?? 'failed',
      externalId: row.external_id,
      externalUrl: row.external_url,
      errors: this.database.dialect.readJson<string[]>(row.errors),
      // Finished before threads: the one item is the post.
      items: row.items == null ? (row.external_id === null ? [] : [{ externalId: row.external_id, externalUrl: row.external_url }]) : this.database.dialect.readJson<PublishResult['items']>(row.items),
    };
  }
}
