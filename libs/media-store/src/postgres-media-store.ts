import { Generated, Kysely } from 'kysely';
import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { migrateSchema, SchemaDatabase, SqlDatabase } from '@app/persistence';
import { isMediaId, MediaDescription, MediaStore, OpenedMedia, StoredMedia } from './media-store.port';
import { MEDIA_CHUNK_BYTES, MEDIA_SCHEMA, mediaStoreMigrations } from './postgres-media-store-migrations';

export { MEDIA_SCHEMA, mediaStoreMigrations } from './postgres-media-store-migrations';

interface MediaTables {
  objects: { id: string; mime_type: string; width: number | null; height: number | null; size: string | number; created_at: Generated<Date> };
  chunks: { object_id: string; index: number; bytes: Buffer };
}

/**
 * Media in PostgreSQL (distributed mode), schema `media`: one row per file in `objects` (what was
 * detected, the size) and its bytes in `chunks`, rows of at most 1 MiB in order. A file goes in
 * chunk by chunk in one transaction, and comes out chunk by chunk as it is read, so neither holds
 * more than a chunk in memory. Every app that reads or writes media brings the schema up to date at start.
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

  /** In the system's temporary folder: the file is copied into the database, then removed. */
  async temporaryFile(): Promise<string> {
    return join(tmpdir(), `media-upload-${randomUUID()}.tmp`);
  }

  async putFile(media: MediaDescription, file: string): Promise<void> {
    const row = { id: media.id, mime_type: media.mimeType, width: media.width, height: media.height, size: 0 };
    await this.schema.db.transaction().execute(async (tx) => {
      await tx
        .insertInto('objects')
        .values(row)
        .onConflict((conflict) => conflict.column('id').doUpdateSet({ mime_type: row.mime_type, width: row.width, height: row.height, size: 0 }))
        .execute();
      await tx.deleteFrom('chunks').where('object_id', '=', media.id).execute();
      const size = await writeChunks(tx, media.id, file);
      await tx.updateTable('objects').set({ size }).where('id', '=', media.id).execute();
    });
    await rm(file, { force: true });
  }

  async describe(id: string): Promise<StoredMedia | null> {
    if (!isMediaId(id)) return null;
    const row = await this.schema.db.selectFrom('objects').select(['id', 'mime_type', 'width', 'height', 'size']).where('id', '=', id).executeTakeFirst();
    return row ? { id: row.id, mimeType: row.mime_type, width: row.width, height: row.height, size: Number(row.size) } : null;
  }

  async open(id: string): Promise<OpenedMedia | null> {
    const media = await this.describe(id);
    if (!media) return null;
    return { media, stream: Readable.from(this.chunksOf(media), { objectMode: false }) };
  }

  async delete(id: string): Promise<void> {
    if (!isMediaId(id)) return;
    // Its chunks go with it (ON DELETE CASCADE).
    await this.schema.db.deleteFrom('objects').where('id', '=', id).execute();
  }

  /** The chunks of a file in order, one query each: a file deleted meanwhile ends the stream with an error. */
  private async *chunksOf(media: StoredMedia): AsyncGenerator<Buffer> {
    const count = Math.ceil(media.size / MEDIA_CHUNK_BYTES);
    for (let index = 0; index < count; index++) {
      const chunk = await this.schema.db.selectFrom('chunks').select('bytes').where('object_id', '=', media.id).where('index', '=', index).executeTakeFirst();
      if (!chunk) throw new Error(`The media ${media.id} lost its bytes while it was read (deleted meanwhile?)`);
      yield Buffer.from(chunk.bytes);
    }
  }
}

/** Inserts the file's bytes as chunks of MEDIA_CHUNK_BYTES (the last one shorter); answers the size. */
async function writeChunks(tx: Kysely<MediaTables>, objectId: string, file: string): Promise<number> {
  let index = 0;
  let size = 0;
  let pending: Buffer[] = [];
  let pendingBytes = 0;
  const flush = async (bytes: Buffer) => {
    await tx.insertInto('chunks').values({ object_id: objectId, index: index++, bytes }).execute();
  };
  for await (const read of createReadStream(file, { highWaterMark: MEDIA_CHUNK_BYTES })) {
    const bytes = read as Buffer;
    size += bytes.length;
    pending.push(bytes);
    pendingBytes += bytes.length;
    while (pendingBytes >= MEDIA_CHUNK_BYTES) {
      const joined = Buffer.concat(pending, pendingBytes);
      await flush(joined.subarray(0, MEDIA_CHUNK_BYTES));
      pending = [joined.subarray(MEDIA_CHUNK_BYTES)];
      pendingBytes -= MEDIA_CHUNK_BYTES;
    }
  }
  if (pendingBytes > 0) await flush(Buffer.concat(pending, pendingBytes));
  return size;
}
