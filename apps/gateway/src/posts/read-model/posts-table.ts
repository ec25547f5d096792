import { sql } from 'kysely';
import type { SchemaMigration } from '@app/persistence';

type Timestamp = Date | string;

/**
 * The gateway's posts read model: each post as the latest `post-events` message showed it. A
 * deleted post keeps its row (so that a late, older message cannot bring it back) and is never
 * returned.
 */
export interface PostsTable {
  uuid: string;
  workspace_uuid: string;
  status: string;
  /** The post's revision the row shows; a message with a revision not above it changes nothing. */
  revision: number;
  deleted: boolean | number;
  created_at: Timestamp;
  /** The Post resource of the HTTP API, as the message carried it. */
  view: unknown;
}

/** What happened to each post, one row per `post-events` message: the post's history as the API shows it. */
export interface PostHistoryTable {
  post_uuid: string;
  revision: number;
  type: string;
  occurred_at: Timestamp;
  /** The account an account event is about; null for the others. */
  account_id: number | null;
}

export const postsReadModelMigration: SchemaMigration = {
  id: '007-posts-read-model',
  up: async (db, dialect) => {
    await db.schema
      .createTable('posts')
      .addColumn('uuid', 'text', (col) => col.primaryKey())
      .addColumn('workspace_uuid', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('deleted', 'boolean', (col) => col.notNull())
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('view', dialect.types.json, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('posts_by_workspace_newest')
      .on('posts')
      .columns(['workspace_uuid', 'created_at desc', 'uuid desc'])
      .where(sql.ref('deleted'), '=', sql.lit(false))
      .execute();
    await db.schema
      .createTable('post_history')
      .addColumn('post_uuid', 'text', (col) => col.notNull())
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('type', 'text', (col) => col.notNull())
      .addColumn('occurred_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('account_id', 'integer')
      .addPrimaryKeyConstraint('post_history_pk', ['post_uuid', 'revision'])
      .execute();
  },
};
