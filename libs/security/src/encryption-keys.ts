import { createHash, hkdfSync } from 'node:crypto';

/** A key that encrypts secrets at rest, named by a fingerprint that says which key, never what it is. */
export interface EncryptionKey {
  id: string;
  bytes: Buffer;
  /** The key of ciphertexts written before keys had ids: SHA-256 of the configured text. */
  legacyBytes: Buffer;
}

export class EncryptionKeyError extends Error {}

const KEY_ADVICE = 'generate one with `openssl rand -base64 32`';

/**
 * Reads a configured key. A strict key is 32 random bytes in base64 (or base64url), not one byte
 * value repeated; otherwise any text is accepted as a passphrase (hashed with SHA-256), which is
 * how keys were read before, so that an older key can still open what it encrypted.
 */
export function parseEncryptionKey(text: string, name: string, options: { strict: boolean }): EncryptionKey {
  const trimmed = text.trim();
  if (!trimmed) throw new EncryptionKeyError(`${name} is empty; ${KEY_ADVICE}`);
  const decoded = decodeBase64(trimmed);
  const legacyBytes = createHash('sha256').update(trimmed).digest();
  if (options.strict) {
    const problem = strictKeyProblem(decoded);
    if (problem) throw new EncryptionKeyError(`${name} must be 32 random bytes in base64 (${problem}); ${KEY_ADVICE}`);
  }
  if (decoded?.length === 32) return { id: fingerprint(decoded), bytes: decoded, legacyBytes };
  return { id: fingerprint(legacyBytes), bytes: legacyBytes, legacyBytes };
}

/** What keeps decoded text from being a key: not base64, another length, or one byte value repeated (`AAAA...`). */
function strictKeyProblem(decoded: Buffer | null): string | null {
  if (!decoded) return 'not base64';
  if (decoded.length !== 32) return `it decodes to ${decoded.length} bytes`;
  if (decoded.every((byte) => byte === decoded[0])) return 'it decodes to one byte value repeated';
  return null;
}

/** `ENCRYPTION_KEYS_OLD`: keys that are no longer used to encrypt but still decrypt, comma-separated. */
export function parseOldEncryptionKeys(text: string | null, name: string): EncryptionKey[] {
  if (!text) return [];
  return text
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean)
    .map((part, index) => parseEncryptionKey(part, `${name}[${index}]`, { strict: false }));
}

/**
 * A key of its own for one use of a configured key (HKDF-SHA-256 under `label`): knowing what one
 * use encrypted or signed tells nothing about another's, and no value made for one opens in another.
 */
export function deriveKey(bytes: Buffer, label: string): Buffer {
  return Buffer.from(hkdfSync('sha256', bytes, Buffer.alloc(0), label, 32));
}

/** Eight hex digits of the key's SHA-256 under a fixed label: enough to tell keys apart, nothing about the key. */
function fingerprint(bytes: Buffer): string {
  return createHash('sha256').update('social-publishing key id\0').update(bytes).digest('hex').slice(0, 8);
}

function decodeBase64(text: string): Buffer | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(text)) return null;
  return Buffer.from(text.replace(/-/g, '+').replace(/_/g, '/'), 'base64');
}
