import { type DueWorkColumns, type SchemaMigration, withDueWorkColumns } from '@app/persistence';

type Timestamp = Date | string;

/**
 * The collection of one published account's figures: due work (`due_at`: the next reading), read by
 * one replica at a time. `next_point` counts the points of ANALYTICS_SCHEDULE already read (or passed);
 * a refresh asked for makes the row due at once without moving it.
 */
export interface MetricCollectionsTable extends DueWorkColumns {
  post_uuid: string;
  account_id: number;
  workspace_uuid: string;
  provider: string;
  /** The AccountSnapshot, JSON, as the post's history names the account. */
  account: unknown;
  /** The post on the platform: its first content item, as the post's history names it. */
  external_id: string;
  external_url: string | null;
  /** When the post was published on the account: the schedule counts from it. */
  published_at: Timestamp;
  next_point: number;
  /** The refresh asked for and not yet read (`refresh:<instant>`), else null. */
  refresh_point: string | null;
  /** When a refresh was last asked for: one a minute per post. */
  refreshed_at: Timestamp | null;
  /** Passing failures of the reading due (a 429, an outage) in a row; the point is given up after a few. */
  failures: number;
}

export const metricCollectionsMigration: SchemaMigration = {
  id: '010-metric-collections',
  up: async (db, dialect) => {
    const table = db.schema
      .createTable('metric_collections')
      .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('account_id', dialect.types.bigint, (col) => col.notNull())
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('provider', 'text', (col) => col.notNull())
      .addColumn('account', dialect.types.json, (col) => col.notNull())
      .addColumn('external_id', 'text', (col) => col.notNull())
      .addColumn('external_url', 'text')
      .addColumn('published_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('next_point', 'integer', (col) => col.notNull().defaultTo(0))
      .addColumn('refresh_point', 'text')
      .addColumn('refreshed_at', dialect.types.timestamp)
      .addColumn('failures', 'integer', (col) => col.notNull().defaultTo(0));
    await withDueWorkColumns(table, dialect).addPrimaryKeyConstraint('metric_collections_pkey', ['post_uuid', 'account_id']).execute();
    await db.schema.createIndex('metric_collections_due').on('metric_collections').column('due_at').execute();
  },
};
