import type { Migration } from '@app/persistence';

/** The schema post-service owns: the posts read model and the relay's checkpoint. */
export const POSTS_SCHEMA = 'posts';
export const POSTS_TABLE = `${POSTS_SCHEMA}.posts`;

export const postsReadModelMigration: Migration = {
  id: '001-posts-read-model',
  sql: `CREATE TABLE IF NOT EXISTS ${POSTS_TABLE} (
    uuid text PRIMARY KEY,
    workspace_uuid text NOT NULL,
    status text NOT NULL,
    versions jsonb NOT NULL,
    accounts jsonb NOT NULL,
    tags jsonb NOT NULL,
    scheduled_at timestamptz,
    published_at timestamptz,
    created_at timestamptz NOT NULL,
    updated_at timestamptz NOT NULL,
    deleted boolean NOT NULL DEFAULT false,
    revision integer NOT NULL,
    state jsonb NOT NULL
  );
  CREATE INDEX IF NOT EXISTS posts_by_workspace_newest ON ${POSTS_TABLE} (workspace_uuid, created_at DESC, uuid DESC) WHERE NOT deleted`,
};
