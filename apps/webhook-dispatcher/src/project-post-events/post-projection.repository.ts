import { Injectable } from '@nestjs/common';
import { WebhookEnvelope } from '@app/contracts';
import { SqlExecutor } from '@app/persistence';
import { deliveryIdFor } from './delivery-id';
import { ProjectedPost } from './post-projection';

interface PostRow {
  post_uuid: string;
  workspace_uuid: string;
  revision: number;
  status: string;
  scheduled_at: Date | null;
  published_at: Date | null;
  accounts: ProjectedPost['accounts'];
}

/** The posts projection and the deliveries it queues; every method runs in the caller's transaction. */
@Injectable()
export class PostProjectionRepository {
  /** The projected post, locked until the transaction ends so one event applies at a time. */
  async lock(tx: SqlExecutor, postUuid: string): Promise<ProjectedPost | null> {
    const [row] = await tx.query<PostRow>('SELECT * FROM webhooks.posts WHERE post_uuid = $1 FOR UPDATE', [postUuid]);
    if (!row) return null;
    return {
      postUuid: row.post_uuid,
      workspaceUuid: row.workspace_uuid,
      revision: row.revision,
      status: row.status,
      scheduledAt: row.scheduled_at?.toISOString() ?? null,
      publishedAt: row.published_at?.toISOString() ?? null,
      accounts: row.accounts,
    };
  }

  async save(tx: SqlExecutor, post: ProjectedPost): Promise<void> {
    await tx.query(
      `INSERT INTO webhooks.posts (post_uuid, workspace_uuid, revision, status, scheduled_at, published_at, accounts)
       VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb)
       ON CONFLICT (post_uuid) DO UPDATE SET revision = EXCLUDED.revision, status = EXCLUDED.status,
         scheduled_at = EXCLUDED.scheduled_at, published_at = EXCLUDED.published_at, accounts = EXCLUDED.accounts
       WHERE webhooks.posts.revision < EXCLUDED.revision`,
      [post.postUuid, post.workspaceUuid, post.revision, post.status, post.scheduledAt, post.publishedAt, JSON.stringify(post.accounts)],
    );
  }

  /** Active webhooks that want `event` of this workspace: its own and the system ones. */
  async subscribedWebhooks(tx: SqlExecutor, workspaceUuid: string, event: string): Promise<number[]> {
    const rows = await tx.query<{ id: number }>(
      `SELECT id FROM webhooks.webhooks
       WHERE active AND (workspace_uuid = $1 OR workspace_uuid IS NULL) AND events @> jsonb_build_array($2::text)
       ORDER BY id`,
      [workspaceUuid, event],
    );
    return rows.map((row) => row.id);
  }

  /** Queues the delivery of `envelope` to a webhook, due now; a delivery that exists is left alone. */
  async queueDelivery(tx: SqlExecutor, eventId: string, webhookId: number, envelope: WebhookEnvelope): Promise<string | null> {
    const [row] = await tx.query<{ id: string }>(
      `INSERT INTO webhooks.deliveries (id, webhook_id, event_id, event, body, status, next_attempt_at)
       VALUES ($1, $2, $3, $4, $5, 'pending', now())
       ON CONFLICT (id) DO NOTHING RETURNING id`,
      [deliveryIdFor(eventId, webhookId), webhookId, eventId, envelope.event, JSON.stringify(envelope)],
    );
    return row?.id ?? null;
  }
}
