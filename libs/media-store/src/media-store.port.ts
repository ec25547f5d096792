/** What the blob store keeps of one uploaded file: its bytes and what a platform needs to know of them. */
export interface MediaObject {
  /** The media id the API gave out (a uuid). */
  id: string;
  /** Detected from the bytes at upload (`image/png`, `video/mp4`, ...), never the client's claim. */
  mimeType: string;
  /** In pixels, read from the file's header; null when it does not say (MP4). */
  width: number | null;
  height: number | null;
  bytes: Buffer;
}

/**
 * Where uploaded media live: shared infrastructure, like an S3 bucket, written by the gateway at
 * upload and read by the publisher by id when it publishes. Files under `DATA_DIR/media` in
 * embedded mode; PostgreSQL (schema `media`, bytea) in distributed mode.
 */
export interface MediaStore {
  /** Keeps an object; putting the same id again replaces it. */
  put(object: MediaObject): Promise<void>;
  /** The object, or null when there is none with this id. */
  get(id: string): Promise<MediaObject | null>;
  /** Removes an object; removing one that is not there does nothing. */
  delete(id: string): Promise<void>;
}

export const MEDIA_STORE = Symbol('MEDIA_STORE');

/** Media ids are uuids: anything else is never a stored object (and never reaches a file name or a query). */
export const isMediaId = (id: string): boolean => /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/.test(id);
