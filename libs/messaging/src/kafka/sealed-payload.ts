import { deflateRawSync, inflateRawSync } from 'node:zlib';

/**
 * Encrypts and decrypts text with a key the services share: the WireCipher of @app/security, a key
 * derived for the wire, never the key of secrets at rest. Structural, so that the bus needs no
 * crypto of its own.
 */
export interface PayloadCipher {
  encrypt(plaintext: string): string;
  decrypt(ciphertext: string): string;
}

/** A request or reply value as it travels on Kafka when payloads are sealed: nothing readable but this shape. */
export interface SealedValue {
  sealed: string;
  /** The JSON was deflated (raw, base64) before it was encrypted, because that made it smaller. */
  deflated?: true;
}

export class UnsealedPayloadError extends Error {}

/** The payload's JSON, encrypted; deflated first when that makes it smaller (a post's text usually is). */
export function sealPayload(payload: unknown, cipher: PayloadCipher): SealedValue {
  const json = JSON.stringify(payload ?? null);
  const deflated = json.length > 512 ? deflateRawSync(json).toString('base64') : null;
  if (deflated !== null && deflated.length < json.length) return { sealed: cipher.encrypt(deflated), deflated: true };
  return { sealed: cipher.encrypt(json) };
}

/** The payload of a sealed value; throws when the value is not sealed or does not open with the keys. */
export function openPayload(value: unknown, cipher: PayloadCipher): unknown {
  const candidate = value as Partial<SealedValue> | null;
  if (typeof candidate?.sealed !== 'string') throw new UnsealedPayloadError('The payload is not sealed');
  const text = cipher.decrypt(candidate.sealed);
  return JSON.parse(candidate.deflated === true ? inflateRawSync(Buffer.from(text, 'base64')).toString('utf8') : text);
}
