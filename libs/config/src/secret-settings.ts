import { EncryptionKeyError, parseEncryptionKey } from '@app/security';

/** The shortest `ADMIN_TOKEN` taken: a token made by hand or by a generator is at least this long. */
export const ADMIN_TOKEN_MIN_LENGTH = 32;

/** Values shipped as examples (in a manifest, a README) that must never become a real token, compared in any case. */
const PLACEHOLDERS = ['change-me', 'changeme', 'admin', 'secret', 'password'];

const ADMIN_TOKEN_ADVICE = `set it to ${ADMIN_TOKEN_MIN_LENGTH} characters or more (\`openssl rand -base64 32\`), or leave it unset and the service generates one at its first start`;

/**
 * Why `token` may not be the bootstrap admin's token (one line, naming ADMIN_TOKEN, never quoting
 * it), or null when it may: a placeholder, fewer than 32 characters, or one character repeated.
 */
export function adminTokenProblem(token: string): string | null {
  if (PLACEHOLDERS.includes(token.toLowerCase())) return `ADMIN_TOKEN is a placeholder, not a secret; ${ADMIN_TOKEN_ADVICE}`;
  const characters = [...token];
  const count = characters.length;
  if (count < ADMIN_TOKEN_MIN_LENGTH) return `ADMIN_TOKEN is too short (${count} ${count === 1 ? 'character' : 'characters'}); ${ADMIN_TOKEN_ADVICE}`;
  if (new Set(characters).size === 1) return `ADMIN_TOKEN is one character repeated; ${ADMIN_TOKEN_ADVICE}`;
  return null;
}

/**
 * Why `key` may not be `ENCRYPTION_KEY` (one line, naming it), or null when it is 32 random bytes
 * in base64, in every mode. A passphrase set before keys had to be real ones still decrypts from
 * ENCRYPTION_KEYS_OLD.
 */
export function encryptionKeyProblem(key: string): string | null {
  try {
    parseEncryptionKey(key, 'ENCRYPTION_KEY', { strict: true });
    return null;
  } catch (error) {
    if (error instanceof EncryptionKeyError) return `${error.message}; a passphrase used until now still decrypts from ENCRYPTION_KEYS_OLD (then \`npm run reencrypt\`)`;
    throw error;
  }
}
