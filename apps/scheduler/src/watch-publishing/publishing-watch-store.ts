import { Inject, Injectable } from '@nestjs/common';
import { PreparedQuery, SchemaDatabase, toDate } from '@app/persistence';
import { SchedulerTables } from '../scheduler-migrations';
import { SCHEDULER_DATABASE } from '../timers/timer-store';

export interface StuckRound {
  postUuid: string;
  revision: number;
  startedAt: Date;
}

/** The post's round as of `revision` (started at `startedAt`, or ended: null), unless the row shows a later revision. */
const recordRound = new PreparedQuery(
  ({ db }: SchemaDatabase<SchedulerTables>, p: { postUuid: string; revision: number; startedAt: Date | null; now: Date }) =>
    db
      .insertInto('publishing_watch')
      .values({ post_uuid: p.postUuid, revision: p.revision, started_at: p.startedAt, reminded_at: null, updated_at: p.now })
      .onConflict((conflict) =>
        conflict
          .column('post_uuid')
          .doUpdateSet({ revision: p.revision, started_at: p.startedAt, reminded_at: null, updated_at: p.now })
          .where('publishing_watch.revision', '<', p.revision),
      ),
);

/** The publishing rounds under watch (schema `scheduler`, table `publishing_watch`). */
@Injectable()
export class PublishingWatchStore {
  constructor(@Inject(SCHEDULER_DATABASE) private readonly database: SchemaDatabase<SchedulerTables>) {}

  /** A round that started at `revision`; an older start (a late redelivery) changes nothing. */
  async started(postUuid: string, revision: number, startedAt: Date): Promise<void> {
    await recordRound.run(this.database, { postUuid, revision, startedAt, now: new Date() });
  }

  /**
   * The round that ended at `revision` (published, failed or deleted) is no longer watched; the
   * row keeps that revision, so that a late redelivered start of the round changes nothing.
   */
  async ended(postUuid: string, revision: number): Promise<void> {
    await recordRound.run(this.database, { postUuid, revision, startedAt: null, now: new Date() });
  }

  /**
   * Rounds that started (`startedAt`) or ended (null) at their revisions, in one transaction, in
   * order; each as `started` or `ended` would record it.
   */
  async recordAll(rounds: readonly { postUuid: string; revision: number; startedAt: Date | null }[]): Promise<void> {
    if (rounds.length === 0) return;
    const { database } = this;
    const now = new Date();
    await database.db.transaction().execute(async (tx) => {
      for (const round of rounds) await recordRound.run(database, { ...round, now }, tx);
    });
  }

  /**
   * Rounds started before `startedBefore` and not reminded since `remindedBefore`, marked
   * reminded at `now` in the same statement, so that two replicas do not both send.
   */
  async takeStuck(startedBefore: Date, remindedBefore: Date, now: Date): Promise<StuckRound[]> {
    const rows = await this.database.db
      .updateTable('publishing_watch')
      .set({ reminded_at: now })
      .where('started_at', '<', startedBefore)
      .where((eb) => eb.or([eb('reminded_at', 'is', null), eb('reminded_at', '<', remindedBefore)]))
      .returning(['post_uuid', 'revision', 'started_at'])
      .execute();
    return rows.map((row) => ({ postUuid: row.post_uuid, revision: Number(row.revision), startedAt: toDate(row.started_at)! }));
  }
}
