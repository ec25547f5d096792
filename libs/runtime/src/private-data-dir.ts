import { chmodSync, mkdirSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

/** DATA_DIR and the folders the service keeps in it: for the owner alone. */
const PRIVATE_FOLDER = 0o700;
/** The files the service keeps in DATA_DIR: read and write for the owner alone. */
const PRIVATE_FILE = 0o600;

/**
 * What embedded mode keeps in DATA_DIR: the SQLite database with its write-ahead log and its
 * index, the lock file, the generated encryption key, and the media folder (every file in it).
 * Anything else there is not the service's and is left as it is.
 */
const KEPT_FILES = ['service.db', 'service.db-wal', 'service.db-shm', 'service.lock', 'encryption.key'];
const MEDIA_FOLDER = 'media';

/** Creates DATA_DIR for the owner alone (0700), with the folders above it, when it is not there. */
export function createDataDir(dataDir: string): void {
  mkdirSync(dataDir, { recursive: true, mode: PRIVATE_FOLDER });
}

/**
 * At start, whether or not DATA_DIR existed: DATA_DIR and its media folder become 0700, and every
 * file the service keeps there 0600, so that a folder made 0777 by hand, or files an earlier
 * version or another umask left readable, are private again. Only what the service keeps is
 * touched: a DATA_DIR that holds other things (`.`, say) keeps their modes.
 */
export function restrictDataDir(dataDir: string): void {
  restrict(dataDir, PRIVATE_FOLDER);
  for (const name of KEPT_FILES) restrict(join(dataDir, name), PRIVATE_FILE);
  const media = join(dataDir, MEDIA_FOLDER);
  if (!restrict(media, PRIVATE_FOLDER)) return;
  for (const entry of readdirSync(media, { withFileTypes: true })) {
    if (entry.isFile()) restrict(join(media, entry.name), PRIVATE_FILE);
  }
}

/** Sets the mode of `path`; false when it is not there (a file the service has not written yet). */
function restrict(path: string, mode: number): boolean {
  try {
    chmodSync(path, mode);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
