import type { Generated } from 'kysely';
import { type DueWorkColumns, type SchemaMigration, withDueWorkColumns } from '@app/persistence';

type Timestamp = Date | string;

/** The feeds a workspace follows: each is due work (`due_at`: its next read), read by one replica at a time. */
export interface FeedsTable extends DueWorkColumns {
  id: Generated<number>;
  workspace_uuid: string;
  url: string;
  /** The accounts its posts go to, JSON: an array of account ids. */
  accounts: unknown;
  mode: 'draft' | 'queue';
  template: string;
  /** The member who follows it: its posts are theirs. */
  created_by: number;
  /** Whether the items present when it was first read are known (they are never posted). */
  primed: Generated<boolean | number>;
  etag: string | null;
  last_modified: string | null;
  last_polled_at: Timestamp | null;
  last_error: string | null;
  created_at: Generated<Timestamp>;
  deleted_at: Timestamp | null;
}

/** Each item a feed has shown, by its key: posted (or known from the start), or waiting to be. */
export interface FeedItemsTable {
  /** In the order items were found. */
  id: Generated<number>;
  feed_id: number;
  item_key: string;
  /** The post made of it, the same uuid however often making it is tried; null for an item known from the start. */
  post_uuid: string | null;
  /** The item, JSON (title, link, summary), while its post is still to be made. */
  item: unknown;
  done: boolean | number;
  created_at: Generated<Timestamp>;
}

export const feedsMigration: SchemaMigration = {
  id: '026-feeds',
  up: async (db, dialect) => {
    const feeds = dialect
      .addAutoIncrementKey(db.schema.createTable('feeds'), 'id')
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull().references('workspaces.uuid'))
      .addColumn('url', 'text', (col) => col.notNull())
      .addColumn('accounts', dialect.types.json, (col) => col.notNull())
      .addColumn('mode', 'text', (col) => col.notNull())
      .addColumn('template', 'text', (col) => col.notNull())
      .addColumn('created_by', dialect.types.bigint, (col) => col.notNull().references('users.id'))
      .addColumn('primed', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('etag', 'text')
      .addColumn('last_modified', 'text')
      .addColumn('last_polled_at', dialect.types.timestamp)
      .addColumn('last_error', 'text')
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .addColumn('deleted_at', dialect.types.timestamp);
    await withDueWorkColumns(feeds, dialect).execute();
    await db.schema.createIndex('feeds_workspace').on('feeds').columns(['workspace_uuid', 'id']).execute();
    await db.schema.createIndex('feeds_due').on('feeds').column('due_at').execute();
    await dialect
      .addAutoIncrementKey(db.schema.createTable('feed_items'), 'id')
      .addColumn('feed_id', dialect.types.bigint, (col) => col.notNull().references('feeds.id'))
      .addColumn('item_key', 'text', (col) => col.notNull())
      .addColumn('post_uuid', dialect.types.uuid)
      .addColumn('item', dialect.types.json)
      .addColumn('done', 'boolean', (col) => col.notNull())
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .addUniqueConstraint('feed_items_key', ['feed_id', 'item_key'])
      .execute();
  },
};
