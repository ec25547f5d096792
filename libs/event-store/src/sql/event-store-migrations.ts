import { Generated } from 'kysely';
import { SchemaMigration } from '@app/persistence';

export const EVENT_STORE_SCHEMA = 'eventstore';

export interface EventStoreTables {
  events: {
    position: Generated<number>;
    stream_id: string;
    revision: number;
    id: string;
    type: string;
    data: unknown;
    metadata: unknown;
    recorded_at: Generated<Date | string>;
  };
}

/**
 * One table holds every stream. `position` is numbered by the database while the append holds a
 * store-wide lock, so positions commit in increasing order.
 */
export const eventStoreMigrations: readonly SchemaMigration[] = [
  {
    id: '001-events',
    up: async (db, dialect) => {
      await dialect
        .addAutoIncrementKey(db.schema.createTable('events'), 'position')
        .addColumn('stream_id', 'text', (col) => col.notNull())
        .addColumn('revision', 'integer', (col) => col.notNull())
        .addColumn('id', dialect.types.uuid, (col) => col.notNull())
        .addColumn('type', 'text', (col) => col.notNull())
        .addColumn('data', dialect.types.json, (col) => col.notNull())
        .addColumn('metadata', dialect.types.json, (col) => col.notNull())
        .addColumn('recorded_at', dialect.types.timestamp, (col) => col.notNull().defaultTo(dialect.now()))
        .addUniqueConstraint('events_stream_revision_unique', ['stream_id', 'revision'])
        .execute();
      await db.schema.createIndex('events_id_idx').on('events').column('id').execute();
    },
  },
];
