import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Retention, SchemaDatabase } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';

/**
 * Keeps the journal of publish attempts from growing without end: finished attempts older than
 * PUBLISH_ATTEMPT_RETENTION_DAYS go. Keep it longer than `post-events` is kept (30 days by
 * default): a redelivered start of publishing finds its attempts and publishes nothing twice.
 * Attempts still started (cut off by a crash) always stay.
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
    const result = await this.database.db.deleteFrom('attempts').where('state', '=', 'finished').where('finished_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
