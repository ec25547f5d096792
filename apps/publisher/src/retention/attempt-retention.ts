import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Retention, SchemaDatabase } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';

/**
 * Keeps the journal of publish attempts from growing without end: finished attempts older than
 * PUBLISH_ATTEMPT_RETENTION_DAYS go. Keep it longer than `post-events` is kept (30 days by
 * default): a redelivered start of publishing finds its attempts and publishes nothing twice.
 * Attempts still started (cut off by a crash) always stay, with their item steps; the steps of
 * any other attempt go.
 */
@Injectable()
export class AttemptRetention extends Retention {
  constructor(
    @Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super('AttemptRetention', config.publishAttemptRetentionDays, 'finished publish attempts');
  }

  protected async removeBefore(cutoff: Date): Promise<number> {
    const { db } = this.database;
    const result = await db.deleteFrom('attempts').where('state', '=', 'finished').where('finished_at', '<', cutoff).executeTakeFirst();
    // An attempt's item steps (and their progress) go once its result is stored; they outlive it only when a crash fell in between.
    for (const table of ['attempt_items', 'item_progress'] as const) {
      await db
        .deleteFrom(table)
        .where((eb) =>
          eb.not(
            eb.exists(
              eb
                .selectFrom('attempts')
                .select('attempts.round')
                .whereRef('attempts.post_uuid', '=', `${table}.post_uuid`)
                .whereRef('attempts.account_id', '=', `${table}.account_id`)
                .whereRef('attempts.round', '=', `${table}.round`)
                .where('attempts.state', '=', 'started'),
            ),
          ),
        )
        .execute();
    }
    return Number(result.numDeletedRows);
  }
}
