import { AppConfig, ConfigError } from '@app/config';
import { EncryptionKeyError, Keyring, parseEncryptionKey, parseOldEncryptionKeys } from '@app/security';

/**
 * The keys of this process: `ENCRYPTION_KEY` encrypts (and signs), `ENCRYPTION_KEYS_OLD` still
 * decrypt (and verify). Distributed mode takes only a real key (32 random bytes in base64);
 * embedded mode also takes a passphrase set before keys had to be real ones, and otherwise uses
 * the key generated in DATA_DIR.
 */
export function keyringFromConfig(config: AppConfig, options: { strict: boolean; generatedKey?: () => string }): Keyring {
  try {
    const configured = config.encryptionKey ?? options.generatedKey?.();
    if (!configured) throw new EncryptionKeyError('ENCRYPTION_KEY is not set; generate one with `openssl rand -base64 32`');
    const current = parseEncryptionKey(configured, 'ENCRYPTION_KEY', { strict: options.strict });
    return { current, old: parseOldEncryptionKeys(config.encryptionKeysOld, 'ENCRYPTION_KEYS_OLD') };
  } catch (error) {
    if (error instanceof EncryptionKeyError) throw new ConfigError(error.message);
    throw error;
  }
}
