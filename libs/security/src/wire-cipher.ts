import { deriveKey, EncryptionKey } from './encryption-keys';
import { Keyring, SecretBox } from './secret-box';

/** The HKDF label of the key that seals what travels between services. */
const WIRE_KEY_LABEL = 'social-publishing wire payload';

/**
 * Seals what the services send each other (request and reply payloads on Kafka, the queries over
 * HTTP) under a key derived from each configured key with HKDF under a label of its own, never
 * under the key of secrets at rest: a payload sealed for the wire does not open as a stored
 * secret, nor a stored secret as a payload. The sealed form is the SecretBox's,
 * `v2:<key id>:<iv>:<tag>:<ciphertext>`, the id naming the configured key it was derived from, so
 * the wire keys of `ENCRYPTION_KEYS_OLD` still open what their keys sealed during a rotation.
 */
export class WireCipher {
  private readonly box: SecretBox;

  constructor(keys: Keyring) {
    this.box = new SecretBox({ current: wireKeyOf(keys.current), old: (keys.old ?? []).map(wireKeyOf) });
  }

  encrypt(plaintext: string): string {
    return this.box.encrypt(plaintext);
  }

  decrypt(sealed: string): string {
    // Only values with a key id: the `v1:` form of the SecretBox was written at rest, never sealed for the wire.
    if (!sealed.startsWith('v2:')) throw new Error('Not a payload sealed for the wire');
    return this.box.decrypt(sealed);
  }
}

function wireKeyOf(key: EncryptionKey): EncryptionKey {
  const bytes = deriveKey(key.bytes, WIRE_KEY_LABEL);
  return { id: key.id, bytes, legacyBytes: bytes };
}
