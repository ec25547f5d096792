import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { PeriodicTask, SchemaDatabase } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps the journal of publish attempts from growing without end: finished attempts older than
 * PUBLISH_ATTEMPT_RETENTION_DAYS go. Keep it longer than `post-events` is kept (30 days by
 * default): a redelivered start of publishing finds its attempts and publishes nothing twice.
 * Attempts still started (cut off by a crash) always stay.
 */
@Injectable()
export class AttemptRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('AttemptRetention');
  private readonly task: PeriodicTask;

  constructor(
    @Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.task = new PeriodicTask('AttemptRetention', EVERY_MS, async () => {
      const removed = await this.prune(new Date());
      if (removed > 0) this.logger.log(`Removed ${removed} publish attempts finished more than ${this.config.publishAttemptRetentionDays} days ago`);
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.publishAttemptRetentionDays > 0) this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Removes the attempts finished before `now` minus the retention; how many. */
  async prune(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.publishAttemptRetentionDays * 24 * 60 * 60 * 1000);
    const result = await this.database.db.deleteFrom('attempts').where('state', '=', 'finished').where('finished_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
