import { DueWorkColumns, SchemaMigration } from '@app/persistence';

export const SCHEDULER_SCHEMA = 'scheduler';

/** Tables of schema `scheduler`, as Kysely sees them. */
export interface SchedulerTables {
  /** One timer per scheduled post: due work (DueWork), due when the post is. */
  /** `traceparent`: the trace of the event that set the timer (W3C), recorded at `traced_at`; firing continues it. */
  timers: DueWorkColumns & { post_uuid: string; due_at: Date | string; scheduled_revision: number; traceparent: string | null; traced_at: Date | string | null };
  post_revisions: { post_uuid: string; last_revision: number; updated_at: Date | string | null };
  /** Posts whose publishing started and whose round has not ended yet, as post-events tell it. */
  /** `started_at` null: the round of `revision` ended. */
  publishing_watch: { post_uuid: string; revision: number; started_at: Date | string | null; reminded_at: Date | string | null; updated_at: Date | string | null };
}

export const schedulerMigrations: readonly SchemaMigration[] = [
  {
    id: '001-timers',
    up: async (db, dialect) => {
      await db.schema
        .createTable('timers')
        .ifNotExists()
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.primaryKey())
        .addColumn('due_at', dialect.types.timestamp, (col) => col.notNull())
        .addColumn('scheduled_revision', 'integer', (col) => col.notNull())
        .addColumn('claimed_until', dialect.types.timestamp)
        .execute();
      await db.schema.createIndex('timers_due_at_idx').ifNotExists().on('timers').column('due_at').execute();
      await db.schema
        .createTable('post_revisions')
        .ifNotExists()
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.primaryKey())
        .addColumn('last_revision', 'integer', (col) => col.notNull())
        .execute();
    },
  },
  {
    id: '002-publishing-watch',
    up: async (db, dialect) => {
      await db.schema
        .createTable('publishing_watch')
        .addColumn('post_uuid', dialect.types.uuid, (col) => col.primaryKey())
        .addColumn('revision', 'integer', (col) => col.notNull())
        .addColumn('started_at', dialect.types.timestamp)
        .addColumn('reminded_at', dialect.types.timestamp)
        .execute();
    },
  },
  {
    // When each post's row last changed, for the retention of posts gone quiet (PostTrackingRetention).
    id: '003-post-tracking-updated-at',
    up: async (db, dialect) => {
      for (const table of ['post_revisions', 'publishing_watch'] as const) {
        await db.schema.alterTable(table).addColumn('updated_at', dialect.types.timestamp).execute();
        await db.updateTable(table).set({ updated_at: dialect.now() }).execute();
      }
    },
  },
  {
    // Timers are due work (DueWork): `claimed_until` becomes its `lease_until`, beside a lease token
    // and the count of leases that ran out. Claims read the database clock from now on.
    id: '004-timer-leases',
    up: async (db) => {
      await db.schema.alterTable('timers').renameColumn('claimed_until', 'lease_until').execute();
      await db.schema.alterTable('timers').addColumn('lease_token', 'text').execute();
      await db.schema.alterTable('timers').addColumn('expired_leases', 'integer', (col) => col.notNull().defaultTo(0)).execute();
    },
  },
  {
    // The trace of the request that scheduled the post, continued (or linked to) when its timer fires.
    id: '005-timer-traces',
    up: async (db, dialect) => {
      await db.schema.alterTable('timers').addColumn('traceparent', 'text').execute();
      await db.schema.alterTable('timers').addColumn('traced_at', dialect.types.timestamp).execute();
    },
  },
];
