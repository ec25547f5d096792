import { Inject, Injectable } from '@nestjs/common';
import { sql } from 'kysely';
import type { DeliveryBacklog } from '@app/contracts';
import { SchemaDatabase, toDate } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';

/**
 * The deliveries still to make, for an operator asking whether anything is stuck: those of
 * active webhooks only (a deactivated webhook's deliveries wait by design).
 */
@Injectable()
export class DeliveryBacklogStore {
  constructor(@Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>) {}

  async backlog(): Promise<DeliveryBacklog> {
    const row = await this.database.db
      .selectFrom('deliveries')
      .innerJoin('webhooks', 'webhooks.id', 'deliveries.webhook_id')
      // A literal, so that the planner can use the partial index of pending deliveries.
      .where('deliveries.status', '=', sql.lit('pending'))
      .where('webhooks.active', '=', true)
      .select((eb) => [
        eb.fn.countAll<number>().as('pending'),
        eb.fn.sum<number>(eb.case().when('deliveries.run_attempts', '>', 0).then(1).else(0).end()).as('retrying'),
        eb.fn.min('deliveries.due_at').as('oldest_due_at'),
        eb.fn.min('deliveries.created_at').as('oldest_created_at'),
      ])
      .executeTakeFirstOrThrow();
    return {
      pending: Number(row.pending),
      retrying: Number(row.retrying ?? 0),
      oldestDueAt: row.oldest_due_at === null ? null : toDate(row.oldest_due_at)!.toISOString(),
      oldestCreatedAt: row.oldest_created_at === null ? null : toDate(row.oldest_created_at)!.toISOString(),
    };
  }
}
