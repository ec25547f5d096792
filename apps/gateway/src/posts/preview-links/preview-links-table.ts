import type { Generated } from 'kysely';
import type { SchemaMigration } from '@app/persistence';

type Timestamp = Date | string;

/** Links that show a post to reviewers without an account (`/p/{token}`): keyed by the SHA-256 digest of the token, which only the link holds. */
export interface PreviewLinksTable {
  id: Generated<number>;
  workspace_uuid: string;
  post_uuid: string;
  token_hash: string;
  /** Whether a reviewer through the link may approve the post (on the authority of the member who made it). */
  can_approve: boolean | number;
  /** The member who made the link. */
  created_by: number;
  expires_at: Timestamp;
  revoked_at: Timestamp | null;
  created_at: Generated<Timestamp>;
}

export const previewLinksMigration: SchemaMigration = {
  id: '023-preview-links',
  up: async (db, dialect) => {
    await dialect
      .addAutoIncrementKey(db.schema.createTable('preview_links'), 'id')
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull().references('workspaces.uuid'))
      .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('token_hash', 'text', (col) => col.notNull().unique())
      .addColumn('can_approve', 'boolean', (col) => col.notNull().defaultTo(false))
      .addColumn('created_by', dialect.types.bigint, (col) => col.notNull().references('users.id'))
      .addColumn('expires_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('revoked_at', dialect.types.timestamp)
      .addColumn('created_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
      .execute();
    await db.schema.createIndex('preview_links_post').on('preview_links').columns(['workspace_uuid', 'post_uuid', 'id']).execute();
  },
};
