import { createHash } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import { Readable, Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';

/**
 * How much of the start of a file is kept to tell its type and size: the headers `detectMedia`
 * reads are within the first bytes (a JPEG's frame comes after its EXIF, ICC and XMP segments,
 * at most 64 KB each).
 */
export const UPLOAD_HEAD_BYTES = 1024 * 1024;

/** An upload written to a temporary file, with what was learned of it on the way. */
export interface ReceivedFile {
  file: string;
  size: number;
  sha256: string;
  /** The first UPLOAD_HEAD_BYTES of the file (all of it when smaller). */
  head: Buffer;
}

/** The file grew over the largest size an upload may be. */
export class UploadTooLarge extends Error {
  constructor(readonly maxBytes: number) {
    super(`The upload is over ${maxBytes} bytes`);
  }
}

/**
 * Writes an upload to `file` as it arrives, counting its bytes (UploadTooLarge past `maxBytes`),
 * hashing them and keeping its head; only a chunk at a time is in memory. When anything fails
 * (too large, the client gone, the disk full), the file is removed before the error is thrown.
 */
export async function receiveUploadFile(source: Readable, file: string, maxBytes: number, signal?: AbortSignal): Promise<ReceivedFile> {
  const hash = createHash('sha256');
  const head: Buffer[] = [];
  let headBytes = 0;
  let size = 0;
  const meter = new Transform({
    transform(chunk: Buffer, _encoding, done) {
      size += chunk.length;
      if (size > maxBytes) return done(new UploadTooLarge(maxBytes));
      hash.update(chunk);
      if (headBytes < UPLOAD_HEAD_BYTES) {
        const kept = Buffer.from(chunk.subarray(0, UPLOAD_HEAD_BYTES - headBytes));
        head.push(kept);
        headBytes += kept.length;
      }
      done(null, chunk);
    },
  });
  // Created before anything is read, so that removing it on a failure never runs ahead of its creation.
  const handle = await open(file, 'wx', 0o600);
  try {
    await pipeline(source, meter, handle.createWriteStream(), { signal });
  } catch (error) {
    await rm(file, { force: true });
    throw error;
  }
  return { file, size, sha256: hash.digest('hex'), head: Buffer.concat(head, headBytes) };
}
