import { AppConfig, ConfigError } from '@app/config';
import { EncryptionKeyError, Keyring, parseEncryptionKey, parseOldEncryptionKeys } from '@app/security';

/**
 * The keys of this process: `ENCRYPTION_KEY` encrypts (and signs), `ENCRYPTION_KEYS_OLD` still
 * decrypt (and verify). `ENCRYPTION_KEY` is a real key (32 random bytes in base64) in every mode
 * (loadConfig refuses anything else); without it, embedded mode uses the key generated in
 * DATA_DIR, read as it was written, whatever version wrote it.
 */
export function keyringFromConfig(config: AppConfig, options: { generatedKey?: () => string } = {}): Keyring {
  try {
    const current = config.encryptionKey
      ? parseEncryptionKey(config.encryptionKey, 'ENCRYPTION_KEY', { strict: true })
      : parseEncryptionKey(generatedKeyOf(options.generatedKey), 'the encryption key generated in DATA_DIR', { strict: false });
    return { current, old: parseOldEncryptionKeys(config.encryptionKeysOld, 'ENCRYPTION_KEYS_OLD') };
  } catch (error) {
    if (error instanceof EncryptionKeyError) throw new ConfigError(error.message);
    throw error;
  }
}

function generatedKeyOf(generatedKey: (() => string) | undefined): string {
  const key = generatedKey?.();
  if (!key) throw new EncryptionKeyError('ENCRYPTION_KEY is not set; generate one with `openssl rand -base64 32`');
  return key;
}
