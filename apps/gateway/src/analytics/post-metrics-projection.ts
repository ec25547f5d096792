import type { Transaction } from 'kysely';
import type { PostEventMessage } from '@app/contracts';
import { postMetricsOf } from '@app/domain';
import type { GatewayTables } from '../gateway-migrations';

/**
 * Keeps `post_metrics` from the messages of `post-events`, in the read model's transaction: a row
 * when an account publishes the post, its figures when they are read (never replaced by older ones).
 */
export async function projectPostMetrics(tx: Transaction<GatewayTables>, messages: readonly PostEventMessage[]): Promise<void> {
  for (const message of messages) {
    if (message.type !== 'post.account_published' && message.type !== 'post.metrics_updated') continue;
    const account = message.post.accounts.find((each) => each.id === message.accountId);
    if (!account) continue;
    const publishedAt = new Date(account.published_at ?? message.occurredAt);
    const row = { post_uuid: message.postUuid, account_id: account.id, workspace_uuid: message.workspaceUuid, provider: account.provider, published_at: publishedAt };
    if (message.type !== 'post.metrics_updated') {
      await tx.insertInto('post_metrics').values({ ...row, collected_at: null, ...postMetricsOf({}) }).onConflict((conflict) => conflict.columns(['post_uuid', 'account_id']).doNothing()).execute();
      continue;
    }
    const entry = message.metrics.find((each) => each.account_id === account.id);
    if (!entry?.collected_at) continue;
    const figures = { collected_at: new Date(entry.collected_at), ...postMetricsOf(entry.metrics) };
    await tx
      .insertInto('post_metrics')
      .values({ ...row, ...figures })
      .onConflict((conflict) =>
        conflict
          .columns(['post_uuid', 'account_id'])
          .doUpdateSet(figures)
          .where((eb) => eb.or([eb('post_metrics.collected_at', 'is', null), eb('post_metrics.collected_at', '<=', figures.collected_at)])),
      )
      .execute();
  }
}
