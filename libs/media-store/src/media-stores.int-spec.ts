import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AnyTables, migrateSchema } from '@app/persistence';
import { openPostgresForTest, TestDatabase } from '@app/persistence/testing';
import { FileMediaStore } from './file-media-store';
import { bytesOf, putMediaBytes, readMediaBytes } from './media-bytes';
import { MediaObject, MediaStore } from './media-store.port';
import { PostgresMediaStore } from './postgres-media-store';
import { MEDIA_CHUNK_BYTES, MEDIA_SCHEMA, mediaStoreMigrations } from './postgres-media-store-migrations';
import { mp4Start, pngImage } from './testing/sample-media';

// Each PostgreSQL test creates a database of its own and migrates it: seconds on a busy machine.
jest.setTimeout(30_000);

const object = (overrides: Partial<MediaObject> = {}): MediaObject => ({ id: randomUUID(), mimeType: 'image/png', width: 64, height: 48, bytes: pngImage(64, 48), ...overrides });

/** Bytes that differ from one position to the next, so a chunk out of place or lost shows. */
const patterned = (length: number): Buffer => Buffer.from(Array.from({ length }, (_, index) => (index * 7919 + (index >> 16)) & 0xff));

/** Writes bytes where the store wants a file to be put from, as an upload does. */
async function staged(store: MediaStore, bytes: Buffer): Promise<string> {
  const file = await store.temporaryFile();
  await writeFile(file, bytes);
  return file;
}

/** What every adapter of the port does, against the real thing (a folder on disk, a PostgreSQL database). */
function mediaStoreBehaviour(open: () => MediaStore) {
  it('keeps a file put from a temporary file, describes it with its size, and streams its bytes back', async () => {
    const store = open();
    const { bytes, ...media } = object();
    const file = await staged(store, bytes);
    await store.putFile(media, file);
    expect(existsSync(file)).toBe(false);
    expect(await store.describe(media.id)).toEqual({ ...media, size: bytes.length });
    const opened = await store.open(media.id);
    expect(opened?.media).toEqual({ ...media, size: bytes.length });
    expect((await bytesOf(opened!)).equals(bytes)).toBe(true);
  });

  it('keeps what was detected: an MP4 without a size', async () => {
    const store = open();
    const video = object({ mimeType: 'video/mp4', width: null, height: null, bytes: mp4Start() });
    await putMediaBytes(store, video);
    expect(await readMediaBytes(store, video.id)).toEqual(video);
  });

  it('streams a large file in pieces of at most 1 MiB, every byte in its place', async () => {
    const store = open();
    const large = object({ bytes: patterned(3 * MEDIA_CHUNK_BYTES + 12_345) });
    await putMediaBytes(store, large);
    const opened = (await store.open(large.id))!;
    expect(opened.media.size).toBe(large.bytes.length);
    const pieces: Buffer[] = [];
    for await (const piece of opened.stream) pieces.push(piece as Buffer);
    expect(pieces.length).toBeGreaterThan(3);
    expect(Math.max(...pieces.map((piece) => piece.length))).toBeLessThanOrEqual(MEDIA_CHUNK_BYTES);
    expect(Buffer.concat(pieces).equals(large.bytes)).toBe(true);
  });

  it('keeps a file of exactly one chunk, and of one byte more', async () => {
    const store = open();
    for (const length of [MEDIA_CHUNK_BYTES, MEDIA_CHUNK_BYTES + 1]) {
      const stored = object({ bytes: patterned(length) });
      await putMediaBytes(store, stored);
      expect((await readMediaBytes(store, stored.id))?.bytes.equals(stored.bytes)).toBe(true);
    }
  });

  it('answers null for an id it does not hold, or that is no media id', async () => {
    const store = open();
    for (const id of [randomUUID(), '../../etc/passwd']) {
      expect(await store.describe(id)).toBeNull();
      expect(await store.open(id)).toBeNull();
    }
  });

  it('deletes, and deleting again does nothing', async () => {
    const store = open();
    const stored = object();
    await putMediaBytes(store, stored);
    await store.delete(stored.id);
    expect(await store.open(stored.id)).toBeNull();
    expect(await store.describe(stored.id)).toBeNull();
    await expect(store.delete(stored.id)).resolves.toBeUndefined();
  });

  it('replaces a file put again under its id', async () => {
    const store = open();
    const stored = object({ bytes: patterned(2 * MEDIA_CHUNK_BYTES + 10) });
    await putMediaBytes(store, stored);
    const replaced = { ...stored, width: 10, height: 10, bytes: pngImage(10, 10) };
    await putMediaBytes(store, replaced);
    expect(await readMediaBytes(store, stored.id)).toEqual(replaced);
  });
}

describe('FileMediaStore (a temporary folder)', () => {
  let folder: string;
  beforeAll(async () => {
    folder = await mkdtemp(join(tmpdir(), 'media-store-'));
  });
  afterAll(async () => {
    await rm(folder, { recursive: true, force: true });
  });

  mediaStoreBehaviour(() => new FileMediaStore(join(folder, 'media')));

  it('puts a file by renaming it: the temporary file is beside the stored ones, and nothing else is left', async () => {
    const store = new FileMediaStore(join(folder, 'fresh', 'media'));
    const { bytes, ...media } = object();
    const file = await staged(store, bytes);
    const { ino } = await stat(file);
    await store.putFile(media, file);
    expect((await stat(join(folder, 'fresh', 'media', media.id))).ino).toBe(ino);
    expect((await readdir(join(folder, 'fresh', 'media'))).sort()).toEqual([media.id, `${media.id}.json`]);
  });

  it('removes the temporary files a stopped process left, and nothing stored', async () => {
    const store = new FileMediaStore(join(folder, 'leftovers'));
    const stored = object();
    await putMediaBytes(store, stored);
    await staged(store, Buffer.from('half an upload'));
    await store.removeTemporaryFiles();
    expect((await readdir(join(folder, 'leftovers'))).sort()).toEqual([stored.id, `${stored.id}.json`]);
    await expect(new FileMediaStore(join(folder, 'never-created')).removeTemporaryFiles()).resolves.toBeUndefined();
  });
});

describe('PostgresMediaStore (a throwaway PostgreSQL database)', () => {
  let database: TestDatabase;
  let store: PostgresMediaStore;
  beforeAll(async () => {
    database = await openPostgresForTest('sps_media');
    store = new PostgresMediaStore(database.database);
    expect(await store.migrate()).toEqual(['001-objects', '002-chunks']);
    // Another app starting on the same database finds the schema up to date.
    expect(await new PostgresMediaStore(database.database).migrate()).toEqual([]);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  mediaStoreBehaviour(() => store);

  it('keeps the bytes in rows of at most 1 MiB in its own schema, removed with their file', async () => {
    const stored = object({ bytes: patterned(2 * MEDIA_CHUNK_BYTES + 1) });
    await putMediaBytes(store, stored);
    const chunkSizes = async () =>
      (
        await sql<{ length: number }>`SELECT length(bytes) AS length FROM media.chunks WHERE object_id = ${stored.id} ORDER BY index`.execute(database.database.kysely)
      ).rows.map((row) => row.length);
    expect(await chunkSizes()).toEqual([MEDIA_CHUNK_BYTES, MEDIA_CHUNK_BYTES, 1]);
    await store.delete(stored.id);
    expect(await chunkSizes()).toEqual([]);
  });

  it('cuts the files stored whole before the chunks into chunks when it migrates: they stay readable', async () => {
    const earlier = await openPostgresForTest('sps_media_earlier');
    try {
      const schema = earlier.database.forSchema<AnyTables>(MEDIA_SCHEMA);
      await migrateSchema(schema, mediaStoreMigrations.slice(0, 1));
      const stored = [object({ bytes: patterned(MEDIA_CHUNK_BYTES * 2 + 777) }), object({ bytes: pngImage(3, 2), width: 3, height: 2 })];
      for (const { id, mimeType, width, height, bytes } of stored) {
        await schema.db.insertInto('objects').values({ id, mime_type: mimeType, width, height, bytes }).execute();
      }
      const migrated = new PostgresMediaStore(earlier.database);
      expect(await migrated.migrate()).toEqual(['002-chunks']);
      for (const media of stored) {
        expect(await migrated.describe(media.id)).toMatchObject({ id: media.id, size: media.bytes.length });
        expect(await readMediaBytes(migrated, media.id)).toEqual(media);
      }
    } finally {
      await earlier.dispose();
    }
  });

  it('removes the temporary file it was given once the bytes are in the database', async () => {
    const { bytes, ...media } = object();
    const file = await staged(store, bytes);
    expect(file.startsWith(tmpdir())).toBe(true);
    await store.putFile(media, file);
    expect(existsSync(file)).toBe(false);
  });
});
