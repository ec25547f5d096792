import { Inject, Injectable } from '@nestjs/common';
import { APP_CONFIG, AppConfig } from '@app/config';
import { Retention, SchemaDatabase } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';

/**
 * Keeps the delivery log from growing without end: deliveries that ended (succeeded or failed)
 * more than DELIVERY_RETENTION_DAYS ago go, with their attempts; pending ones always stay.
 */
@Injectable()
export class DeliveryRetention extends Retention {
  constructor(
    @Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>,
    @Inject(APP_CONFIG) config: AppConfig,
  ) {
    super('DeliveryRetention', config.deliveryRetentionDays, 'ended webhook deliveries');
  }

  protected removeBefore(cutoff: Date): Promise<number> {
    return this.database.db.transaction().execute(async (tx) => {
      const ended = tx.selectFrom('deliveries').select('id').where('status', '!=', 'pending').where('created_at', '<', cutoff);
      await tx.deleteFrom('delivery_attempts').where('delivery_id', 'in', ended).execute();
      const result = await tx.deleteFrom('deliveries').where('status', '!=', 'pending').where('created_at', '<', cutoff).executeTakeFirst();
      return Number(result.numDeletedRows);
    });
  }
}
