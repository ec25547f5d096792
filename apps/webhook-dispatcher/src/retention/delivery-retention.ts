import { BeforeApplicationShutdown, Inject, Injectable, Logger, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { PeriodicTask, SchemaDatabase } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';

const EVERY_MS = 60 * 60 * 1000;

/**
 * Keeps the delivery log from growing without end: deliveries that ended (succeeded or failed)
 * more than DELIVERY_RETENTION_DAYS ago go, with their attempts; pending ones always stay.
 */
@Injectable()
export class DeliveryRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger('DeliveryRetention');
  private readonly task: PeriodicTask;

  constructor(
    @Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.task = new PeriodicTask('DeliveryRetention', EVERY_MS, async () => {
      const removed = await this.prune(new Date());
      if (removed > 0) this.logger.log(`Removed ${removed} deliveries older than ${this.config.deliveryRetentionDays} days from the log`);
    });
  }

  onApplicationBootstrap(): void {
    if (this.config.deliveryRetentionDays > 0) this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Removes the ended deliveries created before `now` minus the retention; how many. */
  async prune(now: Date): Promise<number> {
    const cutoff = new Date(now.getTime() - this.config.deliveryRetentionDays * 24 * 60 * 60 * 1000);
    return this.database.db.transaction().execute(async (tx) => {
      const ended = tx.selectFrom('deliveries').select('id').where('status', '!=', 'pending').where('created_at', '<', cutoff);
      await tx.deleteFrom('delivery_attempts').where('delivery_id', 'in', ended).execute();
      const result = await tx.deleteFrom('deliveries').where('status', '!=', 'pending').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
