import type { PostMetricsEntry } from '@app/contracts';
import { type ExistingPostState, POST_METRIC_NAMES, type PostMetrics } from '@app/domain';
import { reportsMetrics } from '@app/platforms';
import { utcTimestamp } from './to-post-view';

const NO_FIGURES = Object.fromEntries(POST_METRIC_NAMES.map((name) => [name, null])) as PostMetrics;

/** The latest figures of each account of the post, in the post's order of accounts (`post.metrics_updated`'s `metrics`). */
export function toMetricsEntries(state: ExistingPostState): PostMetricsEntry[] {
  return state.accounts.map((account) => {
    const collected = state.metrics[account.id];
    return {
      account_id: account.id,
      provider: account.provider,
      supported: reportsMetrics(account.provider),
      collected_at: collected ? utcTimestamp(collected.collectedAt) : null,
      metrics: collected?.metrics ?? NO_FIGURES,
    };
  });
}
