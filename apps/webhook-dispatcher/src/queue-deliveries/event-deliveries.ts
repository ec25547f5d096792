import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { subscribesTo, WebhookEnvelope, WebhookEventName } from '@app/contracts';
import { PreparedQuery, SchemaDatabase, unleased } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';
import { deliveryIdFor } from './delivery-id';

/** A transaction over the tables of schema `webhooks`. */
export type WebhooksTransaction = Kysely<WebhooksTables>;

type WebhooksDatabase = SchemaDatabase<WebhooksTables>;

const activeWebhooksOf = new PreparedQuery(({ db }: WebhooksDatabase, p: { workspaceUuid: string }) =>
  db
    .selectFrom('webhooks')
    .select(['id', 'events'])
    .where('active', '=', true)
    .where((eb) => eb.or([eb('workspace_uuid', '=', p.workspaceUuid), eb('workspace_uuid', 'is', null)]))
    .orderBy('id'),
);

/** A delivery due now, unless it exists already; returns its id when it was queued. */
const queueDelivery = new PreparedQuery(
  ({ db, dialect }: WebhooksDatabase, p: { id: string; webhookId: number; eventId: string; event: string; postUuid: string | null; body: string; traceparent: string | null }) =>
    db
      .insertInto('deliveries')
      .values({
        id: p.id,
        webhook_id: p.webhookId,
        event_id: p.eventId,
        event: p.event,
        post_uuid: p.postUuid,
        body: p.body,
        traceparent: p.traceparent,
        status: 'pending' as const,
        due_at: dialect.now(),
        ...unleased,
      })
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id'),
);

/** The active webhooks of a workspace. */
export interface SubscribedWebhooks {
  /** The ids of those that want `event`, in the order read (by id). */
  wanting(event: WebhookEventName): number[];
}

/** The webhooks an event (of a post or an account) goes to and the deliveries it queues; every method but `transaction` runs in the caller's transaction. */
@Injectable()
export class EventDeliveries {
  constructor(@Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>) {}

  transaction<T>(work: (tx: WebhooksTransaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(work);
  }

  /**
   * The active webhooks of this workspace: its own and the system ones, each with the events it
   * wants. The few webhooks of a workspace are read whole and their event lists checked here, the
   * same on both engines; a batch of events reads them once per workspace.
   */
  async subscribedWebhooks(tx: WebhooksTransaction, workspaceUuid: string): Promise<SubscribedWebhooks> {
    const rows = await activeWebhooksOf.rows(this.database, { workspaceUuid }, tx);
    const webhooks = rows.map((row) => ({ id: Number(row.id), events: this.database.dialect.readJson<string[]>(row.events) }));
    return { wanting: (event) => webhooks.filter((webhook) => subscribesTo(webhook.events, event)).map((webhook) => webhook.id) };
  }

  /**
   * Queues the delivery of `envelope` to each webhook, due now (a prepared statement each: an
   * event goes to few webhooks); deliveries that exist already (a redelivered event) are left
   * alone. Returns the ids of those queued. Their attempts continue the trace `traceparent` names.
   */
  async queueDeliveries(
    tx: WebhooksTransaction,
    eventId: string,
    webhookIds: readonly number[],
    envelope: WebhookEnvelope,
    traceparent: string | null = null,
  ): Promise<string[]> {
    const body = JSON.stringify(envelope);
    const queued: string[] = [];
    for (const webhookId of webhookIds) {
      const params = { id: deliveryIdFor(eventId, webhookId), webhookId, eventId, event: envelope.event, postUuid: envelope.post?.uuid ?? null, body, traceparent };
      const row = await queueDelivery.first(this.database, params, tx);
      if (row) queued.push(row.id);
    }
    return queued;
  }
}
