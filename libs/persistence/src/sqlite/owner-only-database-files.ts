import { chmodSync, closeSync, openSync, statSync } from 'node:fs';

/** Read and write for the owner alone: the database holds encrypted secrets and token hashes. */
const OWNER_ONLY = 0o600;

/** The files SQLite keeps beside a database: the write-ahead log and its index. */
const COMPANION_SUFFIXES = ['-wal', '-shm'];

/**
 * Makes the database at `path` readable by its owner alone before SQLite opens it. SQLite creates
 * a new database file 0644 (less the umask), and its -wal and -shm files with the database
 * file's mode: so the file is created 0600 here first. Files an earlier version left readable
 * by others are restricted too.
 */
export function ownerOnlyDatabaseFiles(path: string): void {
  closeSync(openSync(path, 'a', OWNER_ONLY));
  for (const file of [path, ...COMPANION_SUFFIXES.map((suffix) => `${path}${suffix}`)]) {
    const mode = modeOf(file);
    if (mode !== null && (mode & 0o077) !== 0) chmodSync(file, OWNER_ONLY);
  }
}

function modeOf(file: string): number | null {
  try {
    return statSync(file).mode;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}
