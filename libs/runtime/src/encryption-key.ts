import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Logger } from '@nestjs/common';

/**
 * Embedded mode without ENCRYPTION_KEY: a random key kept beside the data it protects, readable by
 * the owner only. Distributed deployments pass ENCRYPTION_KEY from a secret instead.
 */
export function loadOrCreateEncryptionKey(dataDir: string): string {
  const file = join(dataDir, 'encryption.key');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  const key = randomBytes(32).toString('base64url');
  writeFileSync(file, key, { mode: 0o600, flag: 'wx' });
  new Logger('EmbeddedInfrastructure').log(`Generated an encryption key for secrets at rest in ${file}`);
  return key;
}
