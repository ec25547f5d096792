import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Retention, SchemaDatabase } from '@app/persistence';
import { SchedulerTables } from '../scheduler-migrations';
import { SCHEDULER_DATABASE } from '../timers/timer-store';

/**
 * Keeps the scheduler's per-post rows from growing without end: what it last saw of a post (the
 * revision that makes a redelivered event stale, an ended publishing round) goes once the post
 * has been quiet for POST_TRACKING_RETENTION_DAYS, with no timer and no round under watch. Keep it
 * longer than `post-events` is kept (30 days by default): no event older than that can come again.
 */
@Injectable()
export class PostTrackingRetention extends Retention {
  constructor(
    @Inject(SCHEDULER_DATABASE) private readonly database: SchemaDatabase<SchedulerTables>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super('PostTrackingRetention', config.postTrackingRetentionDays, 'rows of posts gone quiet');
  }

  protected async removeBefore(cutoff: Date): Promise<number> {
    const { db } = this.database;
    const revisions = await db
      .deleteFrom('post_revisions')
      .where('updated_at', '<', cutoff)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('timers').select('timers.post_uuid').whereRef('timers.post_uuid', '=', 'post_revisions.post_uuid'))))
      .executeTakeFirst();
    const rounds = await db.deleteFrom('publishing_watch').where('updated_at', '<', cutoff).where('started_at', 'is', null).executeTakeFirst();
    return Number(revisions.numDeletedRows) + Number(rounds.numDeletedRows);
  }
}
