import { sql } from 'kysely';
import { SchemaMigration } from '@app/persistence';

export const MEDIA_SCHEMA = 'media';

/** The most bytes one row of `chunks` holds. */
export const MEDIA_CHUNK_BYTES = 1024 * 1024;

const objects = sql.id(MEDIA_SCHEMA, 'objects');
const chunks = sql.id(MEDIA_SCHEMA, 'chunks');

export const mediaStoreMigrations: SchemaMigration[] = [
  {
    id: '001-objects',
    up: async (db) => {
      await db.schema
        .createTable('objects')
        .addColumn('id', 'uuid', (col) => col.primaryKey())
        .addColumn('mime_type', 'text', (col) => col.notNull())
        .addColumn('width', 'integer')
        .addColumn('height', 'integer')
        .addColumn('bytes', 'bytea', (col) => col.notNull())
        .addColumn('created_at', 'timestamptz', (col) => col.notNull().defaultTo(sql`now()`))
        .execute();
    },
  },
  {
    // The bytes leave `objects` for rows of 1 MiB, so that no file is ever read or written whole;
    // the files stored before are cut into chunks here, by the server, and stay readable.
    id: '002-chunks',
    up: async (db) => {
      await db.schema
        .createTable('chunks')
        .addColumn('object_id', 'uuid', (col) => col.notNull().references('objects.id').onDelete('cascade'))
        .addColumn('index', 'integer', (col) => col.notNull())
        .addColumn('bytes', 'bytea', (col) => col.notNull())
        .addPrimaryKeyConstraint('chunks_pkey', ['object_id', 'index'])
        .execute();
      await db.schema.alterTable('objects').addColumn('size', 'bigint', (col) => col.notNull().defaultTo(0)).execute();
      await sql`
        INSERT INTO ${chunks} (object_id, index, bytes)
        SELECT id, part, substring(bytes FROM part * ${sql.lit(MEDIA_CHUNK_BYTES)} + 1 FOR ${sql.lit(MEDIA_CHUNK_BYTES)})
        FROM ${objects}, generate_series(0, (length(bytes) - 1) / ${sql.lit(MEDIA_CHUNK_BYTES)}) AS part
        WHERE length(bytes) > 0
      `.execute(db);
      await sql`UPDATE ${objects} SET size = length(bytes)`.execute(db);
      await db.schema.alterTable('objects').dropColumn('bytes').execute();
    },
  },
];
