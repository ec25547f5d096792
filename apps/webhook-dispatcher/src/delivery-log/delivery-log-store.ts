import { Inject, Injectable } from '@nestjs/common';
import { Selectable } from 'kysely';
import { AttemptErrorKind, DeliveryView } from '@app/contracts';
import { SchemaDatabase, toDate, isoTimestamp } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';

type DeliveryRow = Selectable<WebhooksTables['deliveries']>;
type AttemptRow = Selectable<WebhooksTables['delivery_attempts']>;

/** Which deliveries of the log to show; each filter given narrows it. */
export interface DeliveryFilters {
  status?: DeliveryView['status'];
  event?: string;
  /** Created at or after / at or before. */
  since?: Date;
  until?: Date;
  postUuid?: string;
}

/** Deliveries created in a window, for a recovery. */
export interface DeliveryWindow {
  since: Date;
  until: Date | null;
}

/** The deliveries of one webhook with their attempts, and resending. */
@Injectable()
export class DeliveryLogStore {
  constructor(@Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>) {}

  /** Newest first, those that pass every filter. */
  async list(webhookId: number, limit: number, filters: DeliveryFilters = {}): Promise<DeliveryView[]> {
    const { status, event, since, until, postUuid } = filters;
    const deliveries = await this.database.db
      .selectFrom('deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .$if(status !== undefined, (query) => query.where('status', '=', status!))
      .$if(event !== undefined, (query) => query.where('event', '=', event!))
      .$if(since !== undefined, (query) => query.where('created_at', '>=', since!))
      .$if(until !== undefined, (query) => query.where('created_at', '<=', until!))
      .$if(postUuid !== undefined, (query) => query.where('post_uuid', '=', postUuid!))
      .orderBy('seq', 'desc')
      .limit(limit)
      .execute();
    const attempts = await this.attemptsOf(deliveries.map((delivery) => delivery.id));
    return deliveries.map((row) => view(row, attempts.get(row.id) ?? []));
  }

  async find(webhookId: number, deliveryId: string): Promise<DeliveryView | null> {
    const row = await this.database.db
      .selectFrom('deliveries')
      .selectAll()
      .where('webhook_id', '=', webhookId)
      .where('id', '=', deliveryId)
      .executeTakeFirst();
    if (!row) return null;
    const attempts = await this.attemptsOf([deliveryId]);
    return view(row, attempts.get(deliveryId) ?? []);
  }

  /** Starts a new run of attempts, due now, for a delivery that is done; a pending one is left as it is. */
  async resend(webhookId: number, deliveryId: string): Promise<boolean> {
    const row = await this.database.db
      .updateTable('deliveries')
      .set({ status: 'pending', run_attempts: 0, due_at: this.database.dialect.now() })
      .where('webhook_id', '=', webhookId)
      .where('id', '=', deliveryId)
      .where('status', '<>', 'pending')
      .returning('id')
      .executeTakeFirst();
    return row !== undefined;
  }

  /** Every failed delivery created in the window starts a new run of attempts, due now; returns how many (only counted when `dryRun`). */
  async recover(webhookId: number, window: DeliveryWindow, dryRun: boolean): Promise<number> {
    const { db, dialect } = this.database;
    const failed = db
      .selectFrom('deliveries')
      .select('id')
      .where('webhook_id', '=', webhookId)
      .where('status', '=', 'failed')
      .where('created_at', '>=', window.since)
      .$if(window.until !== null, (query) => query.where('created_at', '<=', window.until!));
    if (dryRun) {
      const row = await db
        .selectFrom(failed.as('failed'))
        .select((eb) => eb.fn.countAll<number | string>().as('count'))
        .executeTakeFirstOrThrow();
      return Number(row.count);
    }
    const rows = await db
      .updateTable('deliveries')
      .set({ status: 'pending', run_attempts: 0, due_at: dialect.now() })
      .where('id', 'in', failed)
      .returning('id')
      .execute();
    return rows.length;
  }

  /** The attempts of these deliveries, oldest first, by delivery. */
  private async attemptsOf(deliveryIds: readonly string[]): Promise<Map<string, AttemptRow[]>> {
    const byDelivery = new Map<string, AttemptRow[]>();
    if (deliveryIds.length === 0) return byDelivery;
    const rows = await this.database.db
      .selectFrom('delivery_attempts')
      .selectAll()
      .where('delivery_id', 'in', deliveryIds)
      .orderBy('id')
      .execute();
    for (const row of rows) {
      const attempts = byDelivery.get(row.delivery_id);
      if (attempts) attempts.push(row);
      else byDelivery.set(row.delivery_id, [row]);
    }
    return byDelivery;
  }
}

function view(row: DeliveryRow, attempts: AttemptRow[]): DeliveryView {
  return {
    id: row.id,
    webhook_id: Number(row.webhook_id),
    event: row.event,
    status: row.status,
    attempts: attempts.map((attempt) => ({
      at: isoTimestamp(attempt.attempted_at),
      status_code: attempt.status_code,
      duration_ms: attempt.duration_ms,
      error: attempt.error,
      error_kind: (attempt.error_kind as AttemptErrorKind | null) ?? null,
      response: attempt.response,
      next_retry_at: toDate(attempt.next_retry_at)?.toISOString() ?? null,
    })),
    next_attempt_at: toDate(row.due_at)?.toISOString() ?? null,
    payload: JSON.parse(row.body) as unknown,
    created_at: isoTimestamp(row.created_at),
  };
}
