import { randomUUID } from 'node:crypto';
import { chmod, mkdir, open, readdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMediaId, MediaDescription, MediaStore, OpenedMedia, StoredMedia } from './media-store.port';

interface Metadata {
  mimeType: string;
  width: number | null;
  height: number | null;
}

/** Files being written: a file to be put, or metadata before its rename. */
const TEMPORARY_SUFFIX = '.tmp';

/** What `read` answers, or null when a file it reads is not there. */
async function unlessMissing<T>(read: () => Promise<T>): Promise<T | null> {
  try {
    return await read();
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/**
 * Media as files in one folder (embedded mode: `DATA_DIR/media`): `<id>` holds the bytes and
 * `<id>.json` what was detected of them. Both arrive under a temporary name and are renamed, the
 * bytes first, so a reader never sees half a file and an object exists once its metadata does.
 */
export class FileMediaStore implements MediaStore {
  constructor(private readonly folder: string) {}

  async temporaryFile(): Promise<string> {
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    return join(this.folder, `upload-${randomUUID()}${TEMPORARY_SUFFIX}`);
  }

  /** Removes the temporary files a process that stopped mid-write left (call at start, before any upload). */
  async removeTemporaryFiles(): Promise<void> {
    const names = (await unlessMissing(() => readdir(this.folder))) ?? [];
    await Promise.all(names.filter((name) => name.endsWith(TEMPORARY_SUFFIX)).map((name) => rm(join(this.folder, name), { force: true })));
  }

  async putFile(media: MediaDescription, file: string): Promise<void> {
    const [bytesFile, metadataFile] = this.filesOf(media.id);
    await mkdir(this.folder, { recursive: true, mode: 0o700 });
    const metadata: Metadata = { mimeType: media.mimeType, width: media.width, height: media.height };
    // Readable by the service's user alone, whoever wrote the file and with what umask.
    await chmod(file, 0o600);
    await rename(file, bytesFile);
    await this.writeAtomically(metadataFile, JSON.stringify(metadata));
  }

  async describe(id: string): Promise<StoredMedia | null> {
    if (!isMediaId(id)) return null;
    const [bytesFile] = this.filesOf(id);
    const metadata = await this.metadataOf(id);
    if (!metadata) return null;
    return unlessMissing(async () => ({ ...metadata, size: (await stat(bytesFile)).size }));
  }

  async open(id: string): Promise<OpenedMedia | null> {
    if (!isMediaId(id)) return null;
    const [bytesFile] = this.filesOf(id);
    const metadata = await this.metadataOf(id);
    if (!metadata) return null;
    // Opened first, then measured: the stream reads that file even if it is replaced or deleted meanwhile.
    const handle = await unlessMissing(() => open(bytesFile, 'r'));
    if (!handle) return null;
    try {
      const { size } = await handle.stat();
      return { media: { ...metadata, size }, stream: handle.createReadStream({ highWaterMark: 256 * 1024 }) };
    } catch (error) {
      await handle.close();
      throw error;
    }
  }

  async delete(id: string): Promise<void> {
    if (!isMediaId(id)) return;
    const [bytesFile, metadataFile] = this.filesOf(id);
    // The metadata first: without it the object is gone, even if removing the bytes fails.
    await rm(metadataFile, { force: true });
    await rm(bytesFile, { force: true });
  }

  private async metadataOf(id: string): Promise<MediaDescription | null> {
    const [, metadataFile] = this.filesOf(id);
    return unlessMissing(async () => ({ id, ...(JSON.parse(await readFile(metadataFile, 'utf8')) as Metadata) }));
  }

  private filesOf(id: string): [bytes: string, metadata: string] {
    if (!isMediaId(id)) throw new Error(`Not a media id: ${id}`);
    return [join(this.folder, id), join(this.folder, `${id}.json`)];
  }

  private async writeAtomically(file: string, content: string): Promise<void> {
    const temporary = `${file}.${randomUUID()}${TEMPORARY_SUFFIX}`;
    try {
      await writeFile(temporary, content, { mode: 0o600 });
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  }
}
