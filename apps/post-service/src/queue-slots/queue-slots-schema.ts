import type { SchemaMigration } from '@app/persistence';

type Timestamp = Date | string;

/**
 * What the post-service keeps to hand out queue slots, in its schema `posts`:
 * - `slot_reservations`: the instants given to queued posts, one post per workspace and instant
 *   (the primary key is what makes two requests at the same moment get different slots);
 * - `held_instants`: the instant each post holds while it is scheduled, waiting for approval or
 *   being published (null once it holds none), with the revision that said so.
 */
export interface QueueSlotsTables {
  slot_reservations: { workspace_uuid: string; slot_at: Timestamp; post_uuid: string; reserved_at: Timestamp };
  held_instants: { post_uuid: string; workspace_uuid: string; held_at: Timestamp | null; revision: number; updated_at: Timestamp };
}

export const queueSlotsMigration: SchemaMigration = {
  id: '003-queue-slots',
  up: async (db, dialect) => {
    await db.schema
      .createTable('slot_reservations')
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('slot_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('post_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('reserved_at', dialect.types.timestamp, (col) => col.notNull())
      .addPrimaryKeyConstraint('slot_reservations_pkey', ['workspace_uuid', 'slot_at'])
      .execute();
    await db.schema
      .createTable('held_instants')
      .addColumn('post_uuid', dialect.types.uuid, (col) => col.primaryKey())
      .addColumn('workspace_uuid', dialect.types.uuid, (col) => col.notNull())
      .addColumn('held_at', dialect.types.timestamp)
      .addColumn('revision', dialect.types.bigint, (col) => col.notNull())
      .addColumn('updated_at', dialect.types.timestamp, (col) => col.notNull())
      .execute();
    await db.schema.createIndex('held_instants_workspace_held_at').on('held_instants').columns(['workspace_uuid', 'held_at']).execute();
  },
};
