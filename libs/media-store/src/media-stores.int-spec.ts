import { sql } from 'kysely';
import { randomUUID } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openPostgresForTest, TestDatabase } from '@app/persistence';
import { FileMediaStore } from './file-media-store';
import { MediaObject, MediaStore } from './media-store.port';
import { PostgresMediaStore } from './postgres-media-store';
import { mp4Start, pngImage } from './testing/sample-media';

const object = (overrides: Partial<MediaObject> = {}): MediaObject => ({ id: randomUUID(), mimeType: 'image/png', width: 64, height: 48, bytes: pngImage(64, 48), ...overrides });

/** What every adapter of the port does, against the real thing (a folder on disk, a PostgreSQL database). */
function mediaStoreBehaviour(open: () => MediaStore) {
  it('gives back the bytes and what was detected of them', async () => {
    const store = open();
    const stored = object();
    await store.put(stored);
    expect(await store.get(stored.id)).toEqual(stored);
    const video = object({ mimeType: 'video/mp4', width: null, height: null, bytes: mp4Start() });
    await store.put(video);
    expect(await store.get(video.id)).toEqual(video);
  });

  it('keeps every byte of a large file', async () => {
    const store = open();
    const large = object({ bytes: Buffer.from(Array.from({ length: 3 * 1024 * 1024 }, (_, index) => (index * 7919) & 0xff)) });
    await store.put(large);
    expect((await store.get(large.id))?.bytes.equals(large.bytes)).toBe(true);
  });

  it('answers null for an id it does not hold, or that is no media id', async () => {
    const store = open();
    expect(await store.get(randomUUID())).toBeNull();
    expect(await store.get('../../etc/passwd')).toBeNull();
  });

  it('deletes, and deleting again does nothing', async () => {
    const store = open();
    const stored = object();
    await store.put(stored);
    await store.delete(stored.id);
    expect(await store.get(stored.id)).toBeNull();
    await expect(store.delete(stored.id)).resolves.toBeUndefined();
  });

  it('replaces an object put again under its id', async () => {
    const store = open();
    const stored = object();
    await store.put(stored);
    const replaced = { ...stored, width: 10, height: 10, bytes: pngImage(10, 10) };
    await store.put(replaced);
    expect(await store.get(stored.id)).toEqual(replaced);
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

  it('leaves no temporary files behind, and creates its folder when missing', async () => {
    const store = new FileMediaStore(join(folder, 'fresh', 'media'));
    const stored = object();
    await store.put(stored);
    expect((await readdir(join(folder, 'fresh', 'media'))).sort()).toEqual([stored.id, `${stored.id}.json`]);
  });
});

describe('PostgresMediaStore (a throwaway PostgreSQL database)', () => {
  let database: TestDatabase;
  let store: PostgresMediaStore;
  beforeAll(async () => {
    database = await openPostgresForTest('sps_media');
    store = new PostgresMediaStore(database.database);
    expect(await store.migrate()).toEqual(['001-objects']);
    // Another app starting on the same database finds the schema up to date.
    expect(await new PostgresMediaStore(database.database).migrate()).toEqual([]);
  });
  afterAll(async () => {
    await database?.dispose();
  });

  mediaStoreBehaviour(() => store);

  it('keeps the objects in its own schema, the bytes in a bytea column', async () => {
    const { rows } = await sql<{ data_type: string }>`
      SELECT data_type FROM information_schema.columns WHERE table_schema = 'media' AND table_name = 'objects' AND column_name = 'bytes'
    `.execute(database.database.kysely);
    expect(rows).toEqual([{ data_type: 'bytea' }]);
  });
});
