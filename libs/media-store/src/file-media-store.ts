import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { isMediaId, MediaObject, MediaStore } from './media-store.port';

interface Metadata {
  mimeType: string;
  width: number | null;
  height: number | null;
}

/**
 * Media as files in one folder (embedded mode: `DATA_DIR/media`): `<id>` holds the bytes and
 * `<id>.json` what was detected of them. Both are written to a temporary name and renamed, the
 * bytes first, so a reader never sees half a file and an object exists once its metadata does.
 */
export class FileMediaStore implements MediaStore {
  constructor(private readonly folder: string) {}

  async put(object: MediaObject): Promise<void> {
    const [bytesFile, metadataFile] = this.filesOf(object.id);
    await mkdir(this.folder, { recursive: true });
    const metadata: Metadata = { mimeType: object.mimeType, width: object.width, height: object.height };
    await this.writeAtomically(bytesFile, object.bytes);
    await this.writeAtomically(metadataFile, JSON.stringify(metadata));
  }

  async get(id: string): Promise<MediaObject | null> {
    if (!isMediaId(id)) return null;
    const [bytesFile, metadataFile] = this.filesOf(id);
    let metadata: Metadata;
    try {
      metadata = JSON.parse(await readFile(metadataFile, 'utf8')) as Metadata;
      return { id, ...metadata, bytes: await readFile(bytesFile) };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
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

  private filesOf(id: string): [bytes: string, metadata: string] {
    if (!isMediaId(id)) throw new Error(`Not a media id: ${id}`);
    return [join(this.folder, id), join(this.folder, `${id}.json`)];
  }

  private async writeAtomically(file: string, content: Buffer | string): Promise<void> {
    const temporary = `${file}.${randomUUID()}.tmp`;
    try {
      await writeFile(temporary, content);
      await rename(temporary, file);
    } finally {
      await rm(temporary, { force: true });
    }
  }
}
