import { BeforeApplicationShutdown, Inject, Injectable, OnApplicationBootstrap } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { RetentionTask, SchemaDatabase } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';

/**
 * Keeps the delivery log from growing without end: deliveries that ended (succeeded or failed)
 * more than DELIVERY_RETENTION_DAYS ago go, with their attempts; pending ones always stay.
 */
@Injectable()
export class DeliveryRetention implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly task: RetentionTask;

  constructor(
    @Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {
    this.task = new RetentionTask('DeliveryRetention', config.deliveryRetentionDays, (cutoff) => this.removeEndedBefore(cutoff), 'ended webhook deliveries');
  }

  onApplicationBootstrap(): void {
    this.task.start();
  }

  beforeApplicationShutdown(): Promise<void> {
    return this.task.stop();
  }

  /** Removes the ended deliveries created before `now` minus the retention; how many. */
  prune(now: Date): Promise<number> {
    return this.removeEndedBefore(RetentionTask.cutoff(now, this.config.deliveryRetentionDays));
  }

  private removeEndedBefore(cutoff: Date): Promise<number> {
    return this.database.db.transaction().execute(async (tx) => {
      const ended = tx.selectFrom('deliveries').select('id').where('status', '!=', 'pending').where('created_at', '<', cutoff);
      await tx.deleteFrom('delivery_attempts').where('delivery_id', 'in', ended).execute();
      const result = await tx.deleteFrom('deliveries').where('status', '!=', 'pending').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
