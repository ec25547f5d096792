import type { SchemaMigration } from '@app/persistence';
import { POST_METRIC_NAMES, type PostMetricName } from '@app/domain';

type Timestamp = Date | string;

/**
 * Each published account of a post, with its latest figures (null until the first reading, and
 * for figures its platform does not report): what the analytics of a workspace add up, kept by the
 * gateway from `post-events` (`post.account_published`, `post.metrics_updated`).
 */
export type PostMetricsTable = {
  post_uuid: string;
  account_id: number;
  workspace_uuid: string;
  provider: string;
  /** When the post was published on the account: the day it counts for. */
  published_at: Timestamp;
  collected_at: Timestamp | null;
} & Record<PostMetricName, number | null>;

export const postMetricsMigration: SchemaMigration = {
  id: '027-post-metrics',
  up: async (db, dialect) => {
    let table = db.schema
      .createTable('post_metrics')
      .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('account_id', dialect.types.bigint, (col) => col.notNull())
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('published_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('collected_at', dialect.types.timestamp);
    for (const name of POST_METRIC_NAMES) table = table.addColumn(name, dialect.types.bigint);
    await table.addPrimaryKeyConstraint('post_metrics_pkey', ['post_uuid', 'account_id']).execute();
    await db.schema.createIndex('post_metrics_by_day').on('post_metrics').columns(['workspace_uuid', 'published_at']).execute();
  },
};
