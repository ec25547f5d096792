import type { Generated } from 'kysely';
import type { SchemaMigration } from '@app/persistence';

/** Notes that members leave on a post for whoever reviews it (`GET`/`POST /{ws}/posts/{uuid}/notes`). */
export interface ReviewNotesTable {
  id: Generated<number>;
  workspace_uuid: string;
  post_uuid: string;
  author_id: number;
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
