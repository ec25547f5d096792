import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';

/**
 * Encrypts secrets at rest (provider credentials, webhook signing secrets) with AES-256-GCM.
 * The stored form is `v1:<iv>:<tag>:<ciphertext>`, base64url parts.
 */
export class SecretBox {
  private readonly key: Buffer;

  constructor(keyMaterial: string) {
    if (!keyMaterial) throw new Error('SecretBox needs a non-empty key');
    this.key = createHash('sha256').update(keyMaterial).digest();
  }

  encrypt(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
    return ['v1', iv.toString('base64url'), cipher.getAuthTag().toString('base64url'), body.toString('base64url')].join(':');
  }

  decrypt(stored: string): string {
    const [version, iv, tag, body] = stored.split(':');
    if (version !== 'v1' || !iv || !tag || body === undefined) throw new Error('Not a value this SecretBox wrote');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString('utf8');
  }
}

export const SECRET_BOX = Symbol('SECRET_BOX');
