import { Inject, Injectable } from '@nestjs/common';
import { DeliveryView } from '@app/contracts';
import { SchemaDatabase, isoTimestamp } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';

const DAY_MS = 86_400_000;

/** How a webhook's deliveries went lately, as its settings show it. */
export interface WebhookActivity {
  last_delivery_at: string | null;
  last_delivery_status: DeliveryView['status'] | null;
  success_rate_24h: number | null;
}

export const NO_ACTIVITY: WebhookActivity = { last_delivery_at: null, last_delivery_status: null, success_rate_24h: null };

/** The newest delivery of each webhook and the share of its attempts of the last 24 hours that succeeded. */
@Injectable()
export class WebhookActivityStore {
  constructor(@Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>) {}

  async of(webhookIds: readonly number[]): Promise<Map<number, WebhookActivity>> {
    const activity = new Map<number, WebhookActivity>();
    if (webhookIds.length === 0) return activity;
    const { db, dialect } = this.database;
    const ids = [...webhookIds];
    const newest = await db
      .selectFrom('deliveries')
      .select(['webhook_id', 'status', 'created_at'])
      .where('seq', 'in', (eb) => eb.selectFrom('deliveries').select((inner) => inner.fn.max('seq').as('seq')).where('webhook_id', 'in', ids).groupBy('webhook_id'))
      .execute();
    const rates = await db
      .selectFrom('delivery_attempts')
      .innerJoin('deliveries', 'deliveries.id', 'delivery_attempts.delivery_id')
      .select((eb) => [
        'deliveries.webhook_id',
        eb.fn.countAll<number | string>().as('total'),
        eb.fn.sum<number | string>(eb.case().when(eb.between('delivery_attempts.status_code', 200, 299)).then(1).else(0).end()).as('succeeded'),
      ])
      .where('deliveries.webhook_id', 'in', ids)
      .where('delivery_attempts.attempted_at', '>=', dialect.nowPlusMs(-DAY_MS))
      .groupBy('deliveries.webhook_id')
      .execute();
    for (const row of newest) {
      activity.set(Number(row.webhook_id), { ...NO_ACTIVITY, last_delivery_at: isoTimestamp(row.created_at), last_delivery_status: row.status });
    }
    for (const row of rates) {
      const id = Number(row.webhook_id);
      const total = Number(row.total);
      activity.set(id, { ...(activity.get(id) ?? NO_ACTIVITY), success_rate_24h: total === 0 ? null : Number(row.succeeded) / total });
    }
    return activity;
  }
}
