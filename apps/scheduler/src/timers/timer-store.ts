import { Inject, Injectable } from '@nestjs/common';
import { StoredTrace } from '@app/messaging';
import { DueWork, PreparedQuery, SchemaDatabase, toDate, unleased } from '@app/persistence';
import { TimerChange } from '../track-schedules/timer-change';
import { SchedulerTables } from '../scheduler-migrations';

export interface DueTimer {
  postUuid: string;
  dueAt: Date;
  scheduledRevision: number;
  /** The trace of the event that set the timer. */
  trace: StoredTrace;
  /** The claim that holds the timer. */
  leaseToken: string;
}

export type TimerUpdate = 'set' | 'removed' | 'none_to_remove' | 'stale';

/** A post event's change to the post's timer, with the event's revision. */
export interface TimerChangeOfPost {
  postUuid: string;
  revision: number;
  change: Exclude<TimerChange, { kind: 'none' }>;
  /** The trace the event was appended in, kept with the timer it sets (none: the firing starts one). */
  trace?: StoredTrace;
}

export const SCHEDULER_DATABASE = Symbol('SCHEDULER_DATABASE');

type SchedulerDatabase = SchemaDatabase<SchedulerTables>;

/** Records the post's revision unless one as new or newer is recorded; returns a row when it was newer. */
const recordRevision = new PreparedQuery(({ db }: SchedulerDatabase, p: { postUuid: string; revision: number; now: Date }) =>
  db
    .insertInto('post_revisions')
    .values({ post_uuid: p.postUuid, last_revision: p.revision, updated_at: p.now })
    .onConflict((conflict) =>
      conflict
        .column('post_uuid')
        .doUpdateSet((eb) => ({ last_revision: eb.ref('excluded.last_revision'), updated_at: eb.ref('excluded.updated_at') }))
        .where('post_revisions.last_revision', '<', p.revision),
    )
    .returning('post_uuid'),
);

const setTimer = new PreparedQuery(({ db }: SchedulerDatabase, p: { postUuid: string; dueAt: Date; scheduledRevision: number; traceparent: string | null; tracedAt: Date }) =>
  db
    .insertInto('timers')
    .values({ post_uuid: p.postUuid, due_at: p.dueAt, scheduled_revision: p.scheduledRevision, traceparent: p.traceparent, traced_at: p.tracedAt, ...unleased })
    .onConflict((conflict) =>
      conflict.column('post_uuid').doUpdateSet((eb) => ({
        due_at: eb.ref('excluded.due_at'),
        scheduled_revision: eb.ref('excluded.scheduled_revision'),
        traceparent: eb.ref('excluded.traceparent'),
        traced_at: eb.ref('excluded.traced_at'),
        ...unleased,
      })),
    ),
);

const removeTimer = new PreparedQuery(({ db }: SchedulerDatabase, p: { postUuid: string }) =>
  db.deleteFrom('timers').where('post_uuid', '=', p.postUuid).returning('post_uuid'),
);

const dueTimers = new DueWork<SchedulerTables, 'timers'>({ table: 'timers', key: ['post_uuid'] });
const claimTimers = dueTimers.claims((claim) => claim.returning(['post_uuid', 'due_at', 'scheduled_revision', 'traceparent', 'traced_at']));

/** The durable timers of schema `scheduler`: one per scheduled post. */
@Injectable()
export class TimerStore {
  constructor(@Inject(SCHEDULER_DATABASE) private readonly database: SchemaDatabase<SchedulerTables>) {}

  /**
   * Applies post events' changes to their posts' timers, in order and in one transaction, each
   * unless an event of the same or a later revision of its post was applied already; a revision
   * and its timer change commit together. Says what happened to each; `stale` for such a
   * redelivered event.
   */
  async applyAll(changes: readonly TimerChangeOfPost[]): Promise<TimerUpdate[]> {
    if (changes.length === 0) return [];
    const { database } = this;
    const now = new Date();
    return database.db.transaction().execute(async (tx) => {
      const updates: TimerUpdate[] = [];
      for (const { postUuid, revision, change, trace } of changes) {
        const newer = await recordRevision.first(database, { postUuid, revision, now }, tx);
        if (!newer) updates.push('stale');
        else if (change.kind === 'set') {
          const { traceparent, storedAt: tracedAt } = trace ?? { traceparent: null, storedAt: now };
          await setTimer.run(database, { postUuid, dueAt: change.dueAt, scheduledRevision: change.scheduledRevision, traceparent, tracedAt }, tx);
          updates.push('set');
        } else updates.push((await removeTimer.first(database, { postUuid }, tx)) ? 'removed' : 'none_to_remove');
      }
      return updates;
    });
  }

  /**
   * Reserves up to `limit` due timers for `leaseMs` (by the database clock), the earliest first.
   * Rows another replica is claiming right now are skipped, and a reserved row is left alone until
   * its lease runs out.
   */
  async claimDue(leaseMs: number, limit: number): Promise<DueTimer[]> {
    const { leaseToken, rows } = await claimTimers.take(this.database, { limit, leaseMs });
    return rows
      .map((row) => ({
        postUuid: row.post_uuid,
        dueAt: toDate(row.due_at),
        scheduledRevision: row.scheduled_revision,
        // A timer set before traces were kept has none: its firing starts a trace.
        trace: { traceparent: row.traceparent, storedAt: row.traced_at === null ? toDate(row.due_at) : toDate(row.traced_at) },
        leaseToken,
      }))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  /** Removes fired timers, except those of posts scheduled again meanwhile. */
  async removeFired(timers: readonly DueTimer[]): Promise<void> {
    if (timers.length === 0) return;
    await this.database.db
      .deleteFrom('timers')
      .where((eb) => eb.or(timers.map((timer) => eb.and({ post_uuid: timer.postUuid, scheduled_revision: timer.scheduledRevision }))))
      .execute();
  }

  /** Gives back the claims the timers were taken in (whole), so that the next round tries them again; a timer set again meanwhile is no longer theirs. */
  async release(timers: readonly DueTimer[]): Promise<void> {
    for (const leaseToken of new Set(timers.map((timer) => timer.leaseToken))) await dueTimers.release(this.database, leaseToken);
  }

  /** Milliseconds until a claim can take the next timer, by the database clock; null when there is none. */
  msUntilNextDue(): Promise<number | null> {
    return dueTimers.msUntilNextClaimable(this.database);
  }
}
