import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { WebhookEnvelope } from '@app/contracts';
import { SchemaDatabase } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';
import { deliveryIdFor } from './delivery-id';

/** A transaction over the tables of schema `webhooks`. */
export type WebhooksTransaction = Kysely<WebhooksTables>;

/** The webhooks a post event goes to and the deliveries it queues; every method but `transaction` runs in the caller's transaction. */
@Injectable()
export class EventDeliveries {
  constructor(@Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>) {}

  transaction<T>(work: (tx: WebhooksTransaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(work);
  }

  /**
   * Active webhooks that want `event` of this workspace: its own and the system ones. The few
   * webhooks of a workspace are read whole and their event lists checked here, the same on
   * both engines.
   */
  async subscribedWebhooks(tx: WebhooksTransaction, workspaceUuid: string, event: string): Promise<number[]> {
    const rows = await tx
      .selectFrom('webhooks')
      .select(['id', 'events'])
      .where('active', '=', true)
      .where((eb) => eb.or([eb('workspace_uuid', '=', workspaceUuid), eb('workspace_uuid', 'is', null)]))
      .orderBy('id')
      .execute();
    return rows
      .filter((row) => this.database.dialect.readJson<string[]>(row.events).includes(event))
      .map((row) => Number(row.id));
  }

  /**
   * Queues the delivery of `envelope` to each webhook, due now, in one statement; deliveries that
   * exist already (a redelivered event) are left alone. Returns the ids of those queued.
   */
  async queueDeliveries(tx: WebhooksTransaction, eventId: string, webhookIds: readonly number[], envelope: WebhookEnvelope): Promise<string[]> {
    if (webhookIds.length === 0) return [];
    const { dialect } = this.database;
    const body = JSON.stringify(envelope);
    const rows = await tx
      .insertInto('deliveries')
      .values(
        webhookIds.map((webhookId) => ({
          id: deliveryIdFor(eventId, webhookId),
          webhook_id: webhookId,
          event_id: eventId,
          event: envelope.event,
          post_uuid: envelope.post.uuid,
          body,
          status: 'pending' as const,
          next_attempt_at: dialect.now(),
          lease_token: null,
          lease_until: null,
        })),
      )
      .onConflict((conflict) => conflict.column('id').doNothing())
      .returning('id')
      .execute();
    return rows.map((row) => row.id);
  }
}
