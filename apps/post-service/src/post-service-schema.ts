import type { RelayTables } from '@app/event-store';
import type { SchemaDatabase, SchemaMigration } from '@app/persistence';
import type { QueueSlotsTables } from './queue-slots/queue-slots-schema';

/**
 * The schema the post-service owns besides its event streams, `posts`: its tables (the relay's
 * checkpoint and lease, the queue's slot reservations and held instants) and their migrations. The
 * posts read model it once kept here is the gateway's now (reads never come to this service).
 */
export const POSTS_SCHEMA = 'posts';

export type PostsTables = RelayTables & QueueSlotsTables;
export type PostsDatabase = SchemaDatabase<PostsTables>;
export const POSTS_DATABASE = Symbol('POSTS_DATABASE');

/** Kept so that databases that applied it keep a consistent migration history; 002 undoes it. */
export const postsReadModelMigration: SchemaMigration = {
  id: '001-posts-read-model',
  up: async () => undefined,
};

export const dropPostsReadModelMigration: SchemaMigration = {
  id: '002-drop-posts-read-model',
  up: async (db) => {
    await db.schema.dropTable('posts').ifExists().execute();
  },
};
