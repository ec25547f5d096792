import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

/** A Node.js older than 24 on this machine (OLDER_NODE, or a `node` of the system), if there is one. */
export function findOlderNode(): { path: string; version: string } | null {
  const candidates = [process.env.OLDER_NODE, '/usr/bin/node', '/usr/local/bin/node', '/bin/node'].filter((path): path is string => Boolean(path));
  for (const path of candidates) {
    if (!existsSync(path)) continue;
    try {
      const version = execFileSync(path, ['-p', 'process.versions.node'], { encoding: 'utf8', timeout: 10_000 }).trim();
      if (Number(version.split('.')[0]) < 24) return { path, version };
    } catch {
      // not a runnable node
    }
  }
  return null;
}
