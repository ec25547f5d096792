import type { SchemaMigration } from '@app/persistence';

type Timestamp = Date | string;

/**
 * The messages the consumer groups gave up on, as read from the `<topic>.dlq` topics: what an
 * operator lists and puts back on their topic once the cause is fixed. Value and headers are kept
 * as JSON text, exactly as they came.
 */
export interface DeadLettersTable {
  id: number;
  /** Where the dead letter itself sits: `<topic>.dlq`, partition and offset (unique). */
  dlq_topic: string;
  dlq_partition: number;
  dlq_offset: string;
  original_topic: string | null;
  original_partition: number | null;
  original_offset: string | null;
  group_id: string | null;
  attempts: number | null;
  error: string;
  message_key: string;
  value_json: string;
  headers_json: string;
  not_replayable: string | null;
  dead_lettered_at: Timestamp;
  replayed_at: Timestamp | null;
}

export const deadLettersMigration: SchemaMigration = {
  id: '009-dead-letters',
  up: async (db, dialect) => {
    await dialect
      .addAutoIncrementKey(db.schema.createTable('dead_letters'), 'id')
      .addColumn('dlq_topic', 'text', (col) => col.notNull())
      .addColumn('dlq_partition', 'integer', (col) => col.notNull())
      .addColumn('dlq_offset', 'text', (col) => col.notNull())
      .addColumn('original_topic', 'text')
      .addColumn('original_partition', 'integer')
      .addColumn('original_offset', 'text')
      .addColumn('group_id', 'text')
      .addColumn('attempts', 'integer')
      .addColumn('error', 'text', (col) => col.notNull())
      .addColumn('message_key', 'text', (col) => col.notNull())
      .addColumn('value_json', 'text', (col) => col.notNull())
      .addColumn('headers_json', 'text', (col) => col.notNull())
      .addColumn('not_replayable', 'text')
      .addColumn('dead_lettered_at', dialect.types.timestamp, (col) => col.notNull())
      .addColumn('replayed_at', dialect.types.timestamp)
      .execute();
    await db.schema.createIndex('dead_letters_position').unique().on('dead_letters').columns(['dlq_topic', 'dlq_partition', 'dlq_offset']).execute();
    await db.schema.createIndex('dead_letters_pending').on('dead_letters').columns(['replayed_at', 'id']).execute();
  },
};
