import { Generated, sql } from 'kysely';
import { migrateSchema, SchemaDatabase, SchemaMigration, SqlDatabase } from '@app/persistence';
import { isMediaId, MediaObject, MediaStore } from './media-store.port';

export const MEDIA_SCHEMA = 'media';

interface MediaTables {
  objects: { id: string; mime_type: string; width: number | null; height: number | null; bytes: Buffer; created_at: Generated<Date> };
}

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
];

/**
 * Media in PostgreSQL (distributed mode): one row per object in schema `media`, the bytes in a
 * bytea column. Every app that reads or writes media brings the schema up to date at start.
 */
export class PostgresMediaStore implements MediaStore {
  private readonly schema: SchemaDatabase<MediaTables>;

  constructor(database: SqlDatabase) {
    if (database.dialect.engine !== 'postgres') throw new Error('PostgresMediaStore needs a PostgreSQL database');
    this.schema = database.forSchema<MediaTables>(MEDIA_SCHEMA);
  }

  async migrate(): Promise<string[]> {
    return migrateSchema(this.schema, mediaStoreMigrations);
  }

  async put(object: MediaObject): Promise<void> {
    const row = { id: object.id, mime_type: object.mimeType, width: object.width, height: object.height, bytes: object.bytes };
    await this.schema.db
      .insertInto('objects')
      .values(row)
      .onConflict((conflict) => conflict.column('id').doUpdateSet({ mime_type: row.mime_type, width: row.width, height: row.height, bytes: row.bytes }))
      .execute();
  }

  async get(id: string): Promise<MediaObject | null> {
    if (!isMediaId(id)) return null;
    const row = await this.schema.db.selectFrom('objects').select(['id', 'mime_type', 'width', 'height', 'bytes']).where('id', '=', id).executeTakeFirst();
    if (!row) return null;
    return { id: row.id, mimeType: row.mime_type, width: row.width, height: row.height, bytes: Buffer.from(row.bytes) };
  }

  async delete(id: string): Promise<void> {
    if (!isMediaId(id)) return;
    await this.schema.db.deleteFrom('objects').where('id', '=', id).execute();
  }
}
