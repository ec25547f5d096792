import { Inject, Injectable } from '@nestjs/common';
import { SQL_CLIENT, SqlClient } from '@app/persistence';
import { TimerChange } from '../track-schedules/timer-change';

export interface DueTimer {
  postUuid: string;
  dueAt: Date;
  scheduledRevision: number;
}

export type TimerUpdate = 'set' | 'removed' | 'none_to_remove' | 'stale';

interface TimerRow {
  post_uuid: string;
  due_at: Date | string;
  scheduled_revision: number;
}

/** The durable timers of schema `scheduler`: one per scheduled post. */
@Injectable()
export class TimerStore {
  constructor(@Inject(SQL_CLIENT) private readonly sql: SqlClient) {}

  /**
   * Applies a post event's change to the post's timer unless an event of the same or a later
   * revision was applied already; the revision and the timer change commit together.
   * Says what happened; `stale` for such a redelivered event.
   */
  async apply(postUuid: string, revision: number, change: Exclude<TimerChange, { kind: 'none' }>): Promise<TimerUpdate> {
    return this.sql.transaction(async (tx) => {
      const newer = await tx.query(
        `INSERT INTO scheduler.post_revisions (post_uuid, last_revision) VALUES ($1, $2)
         ON CONFLICT (post_uuid) DO UPDATE SET last_revision = EXCLUDED.last_revision
         WHERE scheduler.post_revisions.last_revision < EXCLUDED.last_revision
         RETURNING post_uuid`,
        [postUuid, revision],
      );
      if (newer.length === 0) return 'stale';
      if (change.kind === 'set') {
        await tx.query(
          `INSERT INTO scheduler.timers (post_uuid, due_at, scheduled_revision, claimed_until) VALUES ($1, $2, $3, NULL)
           ON CONFLICT (post_uuid) DO UPDATE
           SET due_at = EXCLUDED.due_at, scheduled_revision = EXCLUDED.scheduled_revision, claimed_until = NULL`,
          [postUuid, change.dueAt.toISOString(), change.scheduledRevision],
        );
        return 'set';
      }
      const removed = await tx.query('DELETE FROM scheduler.timers WHERE post_uuid = $1 RETURNING post_uuid', [postUuid]);
      return removed.length > 0 ? 'removed' : 'none_to_remove';
    });
  }

  /**
   * Reserves up to `limit` timers due at `now` for `leaseMs`. Rows another replica is claiming
   * right now are skipped, and a reserved row is left alone until its lease runs out.
   */
  async claimDue(now: Date, leaseMs: number, limit: number): Promise<DueTimer[]> {
    const rows = await this.sql.query<TimerRow>(
      `UPDATE scheduler.timers SET claimed_until = $2
       WHERE post_uuid IN (
         SELECT post_uuid FROM scheduler.timers
         WHERE due_at <= $1 AND (claimed_until IS NULL OR claimed_until <= $1)
         ORDER BY due_at
         LIMIT $3
         FOR UPDATE SKIP LOCKED)
       RETURNING post_uuid, due_at, scheduled_revision`,
      [now.toISOString(), new Date(now.getTime() + leaseMs).toISOString(), limit],
    );
    return rows
      .map((row) => ({ postUuid: row.post_uuid, dueAt: new Date(row.due_at), scheduledRevision: row.scheduled_revision }))
      .sort((a, b) => a.dueAt.getTime() - b.dueAt.getTime());
  }

  /** Removes fired timers, except those of posts scheduled again meanwhile. */
  async removeFired(timers: readonly DueTimer[]): Promise<void> {
    await this.sql.query(
      `DELETE FROM scheduler.timers AS timer
       USING unnest($1::uuid[], $2::integer[]) AS fired (post_uuid, scheduled_revision)
       WHERE timer.post_uuid = fired.post_uuid AND timer.scheduled_revision = fired.scheduled_revision`,
      revisionsOf(timers),
    );
  }

  /** Gives claimed timers back, so that the next round tries them again. */
  async release(timers: readonly DueTimer[]): Promise<void> {
    await this.sql.query(
      `UPDATE scheduler.timers AS timer SET claimed_until = NULL
       FROM unnest($1::uuid[], $2::integer[]) AS claimed (post_uuid, scheduled_revision)
       WHERE timer.post_uuid = claimed.post_uuid AND timer.scheduled_revision = claimed.scheduled_revision`,
      revisionsOf(timers),
    );
  }

  /** Due time of the earliest timer nobody holds a lease on at `now`, or null. */
  async nextDueAt(now: Date): Promise<Date | null> {
    const [row] = await this.sql.query<{ next: Date | string | null }>(
      'SELECT min(due_at) AS next FROM scheduler.timers WHERE claimed_until IS NULL OR claimed_until <= $1',
      [now.toISOString()],
    );
    return row?.next ? new Date(row.next) : null;
  }
}

const revisionsOf = (timers: readonly DueTimer[]): [string[], number[]] => [
  timers.map((timer) => timer.postUuid),
  timers.map((timer) => timer.scheduledRevision),
];
