import { randomBytes } from 'node:crypto';
import { EncryptionKey, parseEncryptionKey } from '../encryption-keys';

/** For tests only (`@app/security/testing`): fresh keys, as an operator would set ENCRYPTION_KEY. */

/** A new random key, written as ENCRYPTION_KEY takes it (32 bytes, base64). */
export const newKeyText = (): string => randomBytes(32).toString('base64');

/** A new random key, parsed as the services parse ENCRYPTION_KEY. */
export const newKey = (): EncryptionKey => parseEncryptionKey(newKeyText(), 'ENCRYPTION_KEY', { strict: true });
