import type { Generated } from 'kysely';
import type { SchemaMigration } from '@app/persistence';

/** Notes left on a post for whoever reviews it: by members (`GET`/`POST /{ws}/posts/{uuid}/notes`), or from outside through a preview link. */
export interface ReviewNotesTable {
  id: Generated<number>;
  workspace_uuid: string;
  post_uuid: string;
  /** The member who wrote it; null for a note from outside. */
  author_id: number | null;
  /** The name an outside reviewer gave; null for a member's note (their name is the user's). */
  author_name: Generated<string | null>;
  body: string;
  created_at: Date | string;
}

export const reviewNotesMigration: SchemaMigration = {
  id: '017-review-notes',
  up: async (db, dialect) => {
    await dialect
      .addAutoIncrementKey(db.schema.createTable('review_notes'), 'id')
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull().references('workspaces.uuid'))
      .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('author_id', dialect.types.bigint, (col) => col.notNull().references('users.id'))
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
    await db.schema.createIndex('review_notes_post').on('review_notes').columns(['workspace_uuid', 'post_uuid', 'id']).execute();
  },
};

/**
 * Notes from outside reviewers: `author_id` may be null, with the name they gave in `author_name`.
 * PostgreSQL drops the constraint; SQLite, which cannot, copies the table into a new one (ids kept).
 */
export const outsideReviewNotesMigration: SchemaMigration = {
  id: '022-outside-review-notes',
  up: async (db, dialect) => {
    if (dialect.engine === 'postgres') {
      await db.schema.alterTable('review_notes').alterColumn('author_id', (col) => col.dropNotNull()).execute();
      await db.schema.alterTable('review_notes').addColumn('author_name', 'text').execute();
      return;
    }
    await dialect
      .addAutoIncrementKey(db.schema.createTable('review_notes_next'), 'id')
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull().references('workspaces.uuid'))
      .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('author_id', dialect.types.bigint, (col) => col.references('users.id'))
      .addColumn('author_name', 'text')
      .addColumn('body', 'text', (col) => col.notNull())
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
    const columns = ['id', 'workspace_uuid', 'post_uuid', 'author_id', 'body', 'created_at'];
    await db.insertInto('review_notes_next').columns(columns).expression(db.selectFrom('review_notes').select(columns)).execute();
    await db.schema.dropTable('review_notes').execute();
    await db.schema.alterTable('review_notes_next').renameTo('review_notes').execute();
    await db.schema.createIndex('review_notes_post').on('review_notes').columns(['workspace_uuid', 'post_uuid', 'id']).execute();
  },
};
