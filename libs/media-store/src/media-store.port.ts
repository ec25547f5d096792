import type { Readable } from 'node:stream';

/** What was detected of one uploaded file's bytes, kept beside them. */
export interface MediaDescription {
  /** The media id the API gave out (a uuid). */
  id: string;
  /** Detected from the bytes at upload (`image/png`, `video/mp4`, ...), never the client's claim. */
  mimeType: string;
  /** In pixels, read from the file's header; null when it does not say (MP4). */
  width: number | null;
  height: number | null;
}

/** A stored file as the store knows it without reading its bytes. */
export interface StoredMedia extends MediaDescription {
  /** In bytes. */
  size: number;
}

/** A stored file being read: its bytes come through `stream`, which the reader consumes or destroys. */
export interface OpenedMedia {
  media: StoredMedia;
  stream: Readable;
}

/** A whole file in memory, with what was detected of it (small files, tests). */
export interface MediaObject extends MediaDescription {
  bytes: Buffer;
}

/**
 * Where uploaded media live: shared infrastructure, like an S3 bucket, written by the gateway at
 * upload and read by the publisher by id when it publishes. Files under `DATA_DIR/media` in
 * embedded mode; PostgreSQL (schema `media`, the bytes in rows of 1 MiB) in distributed mode.
 * Bytes go in from a file and come out as a stream: no file is ever held whole in memory here.
 */
export interface MediaStore {
  /**
   * A new path, not yet created, to write a file to before `putFile`: beside the stored files for
   * the file store (so that putting it is a rename), the system's temporary folder otherwise.
   */
  temporaryFile(): Promise<string>;
  /**
   * Keeps the complete file at `file` as this media, replacing any under the same id. On success
   * the file is no longer at `file` (moved into the store, or copied and removed); on failure the
   * caller removes it.
   */
  putFile(media: MediaDescription, file: string): Promise<void>;
  /** What is stored under this id, or null when nothing is (or the id is no media id). */
  describe(id: string): Promise<StoredMedia | null>;
  /** The stored file and a stream of its bytes, or null when there is none with this id. */
  open(id: string): Promise<OpenedMedia | null>;
  /** Removes a file; removing one that is not there does nothing. */
  delete(id: string): Promise<void>;
}

export const MEDIA_STORE = Symbol('MEDIA_STORE');

/** Media ids are uuids: anything else is never a stored object (and never reaches a file name or a query). */
export const isMediaId = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
