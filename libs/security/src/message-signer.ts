import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './encryption-keys';
import type { Keyring } from './secret-box';

/** What a signature covers: where the message goes, its key, its value, and its own headers. */
export interface SignedParts {
  topic: string;
  key: string;
  value: string | null;
  headers: Readonly<Record<string, string>>;
}

/** The header that carries a message's signature. */
export const SIGNATURE_HEADER = 'signature';
/** Headers that tracing adds on the way (after signing) and that therefore are not signed. */
const UNSIGNED_HEADERS = new Set([SIGNATURE_HEADER, 'traceparent', 'tracestate', 'baggage']);

/**
 * Signs the messages the services exchange (HMAC-SHA-256 under a key derived from ENCRYPTION_KEY),
 * so that only a holder of the shared key can put a command, an event, a request or a reply on
 * the bus: a forged actor, reply address or deadline does not verify. Old keys still verify.
 * The signature is `v1:<key id>:<mac>`.
 */
export class MessageSigner {
  private readonly current: { id: string; mac: Buffer };
  private readonly byId: ReadonlyMap<string, Buffer>;

  constructor(keys: Keyring) {
    const derive = (bytes: Buffer) => deriveKey(bytes, 'social-publishing message signature');
    this.current = { id: keys.current.id, mac: derive(keys.current.bytes) };
    this.byId = new Map([...(keys.old ?? []), keys.current].map((key) => [key.id, derive(key.bytes)]));
  }

  sign(parts: SignedParts): string {
    return `v1:${this.current.id}:${mac(this.current.mac, parts).toString('base64url')}`;
  }

  verify(parts: SignedParts, signature: string | undefined): boolean {
    const [version, keyId, given] = signature?.split(':') ?? [];
    const key = keyId === undefined ? undefined : this.byId.get(keyId);
    if (version !== 'v1' || !key || !given) return false;
    const expected = mac(key, parts);
    const actual = Buffer.from(given, 'base64url');
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

function mac(key: Buffer, { topic, key: messageKey, value, headers }: SignedParts): Buffer {
  const hmac = createHmac('sha256', key);
  const field = (text: string) => hmac.update(`${Buffer.byteLength(text)}:`).update(text);
  field(topic);
  field(messageKey);
  field(value === null ? '' : `=${value}`);
  for (const name of Object.keys(headers).filter((name) => !UNSIGNED_HEADERS.has(name)).sort()) {
    field(name);
    field(headers[name]);
  }
  return hmac.digest();
}
