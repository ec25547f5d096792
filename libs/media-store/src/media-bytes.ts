import { rm, writeFile } from 'node:fs/promises';
import { MediaObject, MediaStore, OpenedMedia } from './media-store.port';

/** Reads an opened file whole; fails when the stream does not give exactly the stored size. */
export async function bytesOf({ media, stream }: OpenedMedia): Promise<Buffer> {
  const chunks: Buffer[] = [];
  let length = 0;
  for await (const chunk of stream) {
    const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
    length += bytes.length;
    if (length > media.size) {
      stream.destroy();
      break;
    }
    chunks.push(bytes);
  }
  if (length !== media.size) throw new Error(`The media ${media.id} has ${media.size} bytes, ${length} were read`);
  return Buffer.concat(chunks, length);
}

/** One stored file whole in memory, or null when there is none: for the files a platform takes whole, one at a time. */
export async function readMediaBytes(store: MediaStore, id: string): Promise<MediaObject | null> {
  const opened = await store.open(id);
  if (!opened) return null;
  const { id: storedId, mimeType, width, height } = opened.media;
  return { id: storedId, mimeType, width, height, bytes: await bytesOf(opened) };
}

/** Keeps bytes already in memory (small files, tests), through a temporary file like an upload. */
export async function putMediaBytes(store: MediaStore, { bytes, ...media }: MediaObject): Promise<void> {
  const file = await store.temporaryFile();
  try {
    await writeFile(file, bytes);
    await store.putFile(media, file);
  } finally {
    await rm(file, { force: true });
  }
}
