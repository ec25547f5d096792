import type { SchemaMigration } from '@app/persistence';

/** A workspace's posting queue (`GET`/`PUT /{ws}/queue`); a workspace without a row has none. */
export interface PostingQueuesTable {
  workspace_uuid: string;
  timezone: string;
  /** JSON: `[{day, time}]`, in week order. */
  slots: unknown;
  updated_at: Date | string;
}

export const postingQueuesMigration: SchemaMigration = {
  id: '012-posting-queues',
  up: async (db, dialect) => {
    await db.schema
      .createTable('posting_queues')
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.primaryKey().references('workspaces.uuid'))
      .addColumn('timezone', 'text', (col) => col.notNull())
      .addColumn('slots', dialect.types.json, (col) => col.notNull())
      .addColumn('updated_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
  },
};
