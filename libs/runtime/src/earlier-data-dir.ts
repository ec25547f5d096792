import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { ConfigError } from '@app/config';

/**
 * Versions before the SQLite engine kept their data in `DATA_DIR/pgdata` (an embedded PostgreSQL).
 * This version cannot read it, and starting empty beside it would look like lost data: refuse,
 * and say what to do.
 */
export function refuseEarlierDataDir(dataDir: string): void {
  const earlier = join(dataDir, 'pgdata');
  if (!existsSync(earlier)) return;
  throw new ConfigError(
    `${dataDir} was written by an earlier version of the service (embedded PostgreSQL data in ${earlier}), ` +
      'which this version cannot read. Start with another DATA_DIR (an empty or new folder), or move that folder ' +
      'away once you no longer need its posts, accounts and webhooks.',
  );
}
