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
  /** The post's `scheduled_at`: the pipeline view finds the scheduled posts whose time has passed by it. */
  due_at: Timestamp | null;
  /** The post's `updated_at`: since when a post has been publishing, for the pipeline view. */
  changed_at: Timestamp | null;
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

/**
 * The due time and the time of the last change beside the view, indexed for the scheduled and the
 * publishing posts: which are late, or publishing for long, is one range read of a small index.
 */
export const postsPipelineTimesMigration: SchemaMigration = {
  id: '016-posts-pipeline-times',
  up: async (db, dialect) => {
    await db.schema.alterTable('posts').addColumn('due_at', dialect.types.timestamp).execute();
    await db.schema.alterTable('posts').addColumn('changed_at', dialect.types.timestamp).execute();
    const field = (name: string) =>
      dialect.engine === 'postgres' ? sql`(${sql.ref('view')} ->> ${sql.lit(name)})::timestamptz` : sql`json_extract(${sql.ref('view')}, ${sql.lit(`$.${name}`)})`;
    await db
      .updateTable('posts')
      .set({ due_at: field('scheduled_at'), changed_at: field('updated_at') })
      .where('deleted', '=', sql.lit(false))
      .execute();
    for (const [status, column] of [['scheduled', 'due_at'], ['publishing', 'changed_at']] as const) {
      await db.schema
        .createIndex(`posts_${status}_by_${column}`)
        .on('posts')
        .column(column)
        .where(sql<boolean>`${sql.ref('status')} = ${sql.lit(status)} AND ${sql.ref('deleted')} = ${sql.lit(false)}`)
        .execute();
    }
  },
};
