import { createCipheriv, createDecipheriv, createSecretKey, KeyObject, randomBytes } from 'node:crypto';
import { EncryptionKey, parseEncryptionKey } from './encryption-keys';

export interface Keyring {
  /** Encrypts everything new. */
  current: EncryptionKey;
  /** Decrypt only: what older keys encrypted stays readable until it is encrypted again. */
  old?: readonly EncryptionKey[];
}

/**
 * Encrypts secrets at rest (provider credentials, webhook signing secrets) with AES-256-GCM.
 * The stored form is `v2:<key id>:<iv>:<tag>:<ciphertext>` (base64url parts), so that a value names
 * the key that opens it and keys can be rotated; `v1:<iv>:<tag>:<ciphertext>` values, written
 * before key ids, are opened by trying each key's legacy form.
 */
export class SecretBox {
  private readonly current: EncryptionKey;
  private readonly byId: ReadonlyMap<string, EncryptionKey>;

  constructor(keys: Keyring | string) {
    const keyring = typeof keys === 'string' ? { current: parseEncryptionKey(keys, 'key', { strict: false }) } : keys;
    this.current = keyring.current;
    this.byId = new Map([...(keyring.old ?? []), keyring.current].map((key) => [key.id, key]));
  }

  /** Id of the key that encrypts new values. */
  get currentKeyId(): string {
    return this.current.id;
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', keyObject(this.current.bytes), iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v2', this.current.id, ...[iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'))].join(':');
  }

  decrypt(stored: string): string {
    const parts = stored.split(':');
    if (parts[0] === 'v2' && parts.length === 5) {
      const [, keyId, iv, tag, body] = parts;
      const key = this.byId.get(keyId);
      if (!key) throw new Error(`Encrypted with key ${keyId}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD`);
      return open(key.bytes, iv, tag, body);
    }
    if (parts[0] === 'v1' && parts.length === 4) {
      const [, iv, tag, body] = parts;
      for (const key of this.byId.values()) {
        try {
          return open(key.legacyBytes, iv, tag, body);
        } catch {
          // Not this key: try the next one.
        }
      }
      throw new Error('Encrypted before key ids by a key that is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD');
    }
    throw new Error('Not a value this SecretBox wrote');
  }

  /** Whether a stored value should be encrypted again to move it to the current key. */
  needsReencryption(stored: string): boolean {
    return !stored.startsWith(`v2:${this.current.id}:`);
  }

  /** The value encrypted with the current key (unchanged when it already is). */
  reencrypt(stored: string): string {
    return this.needsReencryption(stored) ? this.encrypt(this.decrypt(stored)) : stored;
  }
}

/** Key objects made once per key: turning raw bytes into a key on every call costs more than the cipher. */
const keyObjects = new WeakMap<Buffer, KeyObject>();

function keyObject(bytes: Buffer): KeyObject {
  let key = keyObjects.get(bytes);
  if (!key) {
    key = createSecretKey(bytes);
    keyObjects.set(bytes, key);
  }
  return key;
}

function open(key: Buffer, iv: string, tag: string, body: string): string {
  const decipher = createDecipheriv('aes-256-gcm', keyObject(key), Buffer.from(iv, 'base64url'));
  decipher.setAuthTag(Buffer.from(tag, 'base64url'));
  return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
}

export const SECRET_BOX = Symbol('SECRET_BOX');
