import { randomUUID } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Test, TestingModule } from '@nestjs/testing';
import { loadConfig } from '@app/config';
import { MEDIA_STORE, MediaStore, putMediaBytes } from '@app/media-store';
import { EmbeddedInfrastructureModule } from './embedded-infrastructure.module';

const modeOf = (path: string): string => (statSync(path).mode & 0o777).toString(8);

/** The modes of what the embedded infrastructure wrote under `dataDir`, while it runs (the write-ahead log is there then). */
type FileModes = Record<string, string>;

/** Starts the embedded infrastructure on `dataDir` as the service does, keeps a media file, notes the modes, and stops. */
async function runEmbeddedOn(dataDir: string): Promise<FileModes> {
  const app: TestingModule = await Test.createTestingModule({ imports: [EmbeddedInfrastructureModule.forRoot(loadConfig({ DATA_DIR: dataDir }))] }).compile();
  app.useLogger(false);
  await app.init();
  try {
    const id = randomUUID();
    await putMediaBytes(app.get<MediaStore>(MEDIA_STORE), { id, mimeType: 'image/png', width: 1, height: 1, bytes: Buffer.from('not really a png') });
    const files = ['.', 'service.db', 'service.db-wal', 'service.db-shm', 'service.lock', 'encryption.key', 'media', `media/${id}`, `media/${id}.json`];
    return Object.fromEntries(files.filter((file) => existsSync(join(dataDir, file))).map((file) => [file.replace(id, '<id>'), modeOf(join(dataDir, file))]));
  } finally {
    await app.close();
  }
}

describe('what the embedded service writes under DATA_DIR is readable by its owner alone', () => {
  let parent: string;
  beforeEach(() => (parent = mkdtempSync(join(tmpdir(), 'sps-modes-'))));
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it('a DATA_DIR it creates is 0700; the database, its write-ahead log, the lock, the generated key and media files 0600', async () => {
    const modes = await runEmbeddedOn(join(parent, 'data'));

    // SQLite keeps the log's index in its own memory (exclusive locking): there is no -shm file.
    expect(modes).toEqual({
      '.': '700',
      'service.db': '600',
      'service.db-wal': '600',
      'service.lock': '600',
      'encryption.key': '600',
      media: '700',
      'media/<id>': '600',
      'media/<id>.json': '600',
    });
  });

  it('makes a DATA_DIR that was there 0777 private, and every file it keeps there that was left readable by others 0600', async () => {
    const dataDir = join(parent, 'existing');
    await runEmbeddedOn(dataDir);
    const media = join(dataDir, 'media');
    const earlierMedia = join(media, randomUUID());
    writeFileSync(earlierMedia, 'bytes of an earlier version');
    for (const [path, mode] of [[dataDir, 0o777], [media, 0o777], [join(dataDir, 'service.db'), 0o644], [join(dataDir, 'encryption.key'), 0o644], [earlierMedia, 0o644]] as const) chmodSync(path, mode);

    const modes = await runEmbeddedOn(dataDir);

    expect(modes).toMatchObject({ '.': '700', 'service.db': '600', 'service.db-wal': '600', 'service.lock': '600', 'encryption.key': '600', media: '700' });
    expect(modeOf(earlierMedia)).toBe('600');
  });

  it('leaves the modes of what is not the service\'s in a DATA_DIR that holds other things', async () => {
    const dataDir = join(parent, 'shared');
    mkdirSync(dataDir);
    const script = join(dataDir, 'backup.sh');
    writeFileSync(script, '#!/bin/sh\n');
    chmodSync(script, 0o755);

    await runEmbeddedOn(dataDir);

    expect(modeOf(script)).toBe('755');
  });
});
