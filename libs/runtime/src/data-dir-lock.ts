import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export class DataDirInUseError extends Error {}

/**
 * The embedded database is written by one process at a time: a second service started on the
 * same DATA_DIR would corrupt it. The lock file holds the owner's pid; a lock left by a process that is gone
 * (killed, crashed) is taken over.
 */
export function lockDataDir(dataDir: string, pid = process.pid): () => void {
  const file = join(dataDir, 'service.lock');
  for (;;) {
    try {
      writeFileSync(file, String(pid), { flag: 'wx', mode: 0o600 });
      return () => rmSync(file, { force: true });
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    }
    const owner = Number(readFileSync(file, 'utf8').trim());
    if (Number.isInteger(owner) && owner > 0 && owner !== pid && isRunning(owner)) {
      throw new DataDirInUseError(
        `${dataDir} is in use by process ${owner}; stop it or choose another DATA_DIR (if that process is not this service, delete ${file})`,
      );
    }
    rmSync(file, { force: true });
  }
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
