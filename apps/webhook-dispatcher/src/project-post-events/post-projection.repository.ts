import { Inject, Injectable } from '@nestjs/common';
import { Kysely } from 'kysely';
import { WebhookEnvelope } from '@app/contracts';
import { SchemaDatabase, toDate } from '@app/persistence';
import { WEBHOOKS_DATABASE, WebhooksTables } from '../webhooks-schema';
import { deliveryIdFor } from './delivery-id';
import { ProjectedPost } from './post-projection';

/** A transaction over the tables of schema `webhooks`. */
export type WebhooksTransaction = Kysely<WebhooksTables>;

/** The posts projection and the deliveries it queues; every method but `transaction` runs in the caller's transaction. */
@Injectable()
export class PostProjectionRepository {
  constructor(@Inject(WEBHOOKS_DATABASE) private readonly database: SchemaDatabase<WebhooksTables>) {}

  transaction<T>(work: (tx: WebhooksTransaction) => Promise<T>): Promise<T> {
    return this.database.db.transaction().execute(work);
  }

  /** The projected post, locked until the transaction ends so one event of a post applies at a time. */
  async lock(tx: WebhooksTransaction, postUuid: string): Promise<ProjectedPost | null> {
    await this.database.dialect.transactionLock(tx, `webhooks.posts:${postUuid}`);
    const row = await tx.selectFrom('posts').selectAll().where('post_uuid', '=', postUuid).executeTakeFirst();
    if (!row) return null;
    return {
      postUuid: row.post_uuid,
      workspaceUuid: row.workspace_uuid,
      revision: row.revision,
      status: row.status,
      scheduledAt: toDate(row.scheduled_at)?.toISOString() ?? null,
      publishedAt: toDate(row.published_at)?.toISOString() ?? null,
      accounts: this.database.dialect.readJson<ProjectedPost['accounts']>(row.accounts),
    };
  }

  async save(tx: WebhooksTransaction, post: ProjectedPost): Promise<void> {
    await tx
      .insertInto('posts')
      .values({
        post_uuid: post.postUuid,
        workspace_uuid: post.workspaceUuid,
        revision: post.revision,
        status: post.status,
        scheduled_at: instant(post.scheduledAt),
        published_at: instant(post.publishedAt),
        accounts: this.database.dialect.json(post.accounts),
      })
      .onConflict((conflict) =>
        conflict
          .column('post_uuid')
          .doUpdateSet((eb) => ({
            revision: eb.ref('excluded.revision'),
            status: eb.ref('excluded.status'),
            scheduled_at: eb.ref('excluded.scheduled_at'),
            published_at: eb.ref('excluded.published_at'),
            accounts: eb.ref('excluded.accounts'),
          }))
          .whereRef('posts.revision', '<', 'excluded.revision'),
      )
      .execute();
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

/** A time of the projection as an instant, whatever offset its event used. */
const instant = (value: string | null): Date | null => (value === null ? null : new Date(value));
