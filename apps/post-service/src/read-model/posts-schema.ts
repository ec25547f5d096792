import { sql } from 'kysely';
import type { RelayTables } from '@app/event-store';
import type { SchemaDatabase, SchemaMigration } from '@app/persistence';

/** The schema post-service owns: the posts read model and the relay's checkpoint. */
export const POSTS_SCHEMA = 'posts';

export interface PostsTables extends RelayTables {
  posts: {
    uuid: string;
    workspace_uuid: string;
    status: string;
    versions: unknown;
    accounts: unknown;
    tags: unknown;
    scheduled_at: Date | string | null;
    published_at: Date | string | null;
    created_at: Date | string;
    updated_at: Date | string;
    deleted: boolean | number;
    revision: number;
    state: unknown;
  };
}

export type PostsDatabase = SchemaDatabase<PostsTables>;
export const POSTS_DATABASE = Symbol('POSTS_DATABASE');

export const postsReadModelMigration: SchemaMigration = {
  id: '001-posts-read-model',
  up: async (db, dialect) => {
    await db.schema
      .createTable('posts')
      .ifNotExists()
      .addColumn('uuid', 'text', (col) => col.primaryKey())
      .addColumn('workspace_uuid', 'text', (col) => col.notNull())
      .addColumn('status', 'text', (col) => col.notNull())
      .addColumn('versions', dialect.types.json, (col) => col.notNull())
      .addColumn('accounts', dialect.types.json, (col) => col.notNull())
      .addColumn('tags', dialect.types.json, (col) => col.notNull())
      .addColumn('scheduled_at', dialect.types.timestamp)
      .addColumn('published_at', dialect.types.timestamp)
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('updated_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('deleted', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('revision', 'integer', (col) => col.notNull())
      .addColumn('state', dialect.types.json, (col) => col.notNull())
      .execute();
    await db.schema
      .createIndex('posts_by_workspace_newest')
      .ifNotExists()
      .on('posts')
      .columns(['workspace_uuid', 'created_at desc', 'uuid desc'])
      .where(sql.ref('deleted'), '=', sql.lit(false))
      .execute();
  },
};
