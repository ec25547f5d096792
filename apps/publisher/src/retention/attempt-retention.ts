import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { RetentionTask, SchemaDatabase } from '@app/persistence';
import { PUBLISHER_DATABASE, PublisherTables } from '../publisher-migrations';

/**
 * Keeps the journal of publish attempts from growing without end: finished attempts older than
 * PUBLISH_ATTEMPT_RETENTION_DAYS go. Keep it longer than `post-events` is kept (30 days by
 * default): a redelivered start of publishing finds its attempts and publishes nothing twice.
 * Attempts still started (cut off by a crash) always stay.
 */
@Injectable()
export class AttemptRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: RetentionTask;

  constructor(
    @Inject(PUBLISHER_DATABASE) private readonly database: SchemaDatabase<PublisherTables>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.task = new RetentionTask('AttemptRetention', config.publishAttemptRetentionDays, (cutoff) => this.removeFinishedBefore(cutoff), 'finished publish attempts');
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Removes the attempts finished before `now` minus the retention; how many. */
  prune(now: Date): Promise<number> {
    return this.removeFinishedBefore(RetentionTask.cutoff(now, this.config.publishAttemptRetentionDays));
  }

  private async removeFinishedBefore(cutoff: Date): Promise<number> {
    const result = await this.database.db.deleteFrom('attempts').where('state', '=', 'finished').where('finished_at', '<', cutoff).executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
