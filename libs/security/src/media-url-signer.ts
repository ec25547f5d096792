import { createHmac, timingSafeEqual } from 'node:crypto';
import { deriveKey } from './encryption-keys';
import { Keyring } from './secret-box';

/** The HKDF label of the key that signs media addresses. */
const MEDIA_URL_KEY_LABEL = 'social-publishing media url';

/** The longest a signed media address is valid. */
export const MEDIA_URL_MAX_VALIDITY_MS = 60 * 60 * 1000;

/** What a signed media address carries beside the media id. */
export interface MediaUrlSignature {
  /** When the address stops working, in epoch seconds. */
  expires: number;
  /** HMAC-SHA-256 of the media id and the expiry, base64url. */
  signature: string;
}

/**
 * Signs the addresses from which platforms fetch media (Instagram, Threads, Facebook reels):
 * each names one media file and expires within an hour. The key is derived with HKDF from each
 * configured key under a label of its own; addresses signed under `ENCRYPTION_KEYS_OLD` still
 * verify during a rotation. Any service that has the keys can sign (the publisher) or verify (the
 * gateway, which serves the file).
 */
export class MediaUrlSigner {
  private readonly current: Buffer;
  private readonly all: readonly Buffer[];

  constructor(
    keys: Keyring,
    private readonly now: () => number = Date.now,
  ) {
    this.current = deriveKey(keys.current.bytes, MEDIA_URL_KEY_LABEL);
    this.all = [this.current, ...(keys.old ?? []).map((key) => deriveKey(key.bytes, MEDIA_URL_KEY_LABEL))];
  }

  sign(mediaId: string, validForMs = MEDIA_URL_MAX_VALIDITY_MS): MediaUrlSignature {
    const expires = Math.floor((this.now() + Math.min(validForMs, MEDIA_URL_MAX_VALIDITY_MS)) / 1000);
    return { expires, signature: mac(this.current, mediaId, expires).toString('base64url') };
  }

  /** Whether the address is one this service signed for this media and has not expired (nor claims to last longer than it may). */
  verify(mediaId: string, expires: number, signature: string): boolean {
    if (!Number.isSafeInteger(expires)) return false;
    const nowSeconds = this.now() / 1000;
    if (expires < nowSeconds || expires > nowSeconds + MEDIA_URL_MAX_VALIDITY_MS / 1000 + 1) return false;
    // Compared as text: decoding base64url would ignore the spare bits of the last character, and take a few altered signatures.
    const given = Buffer.from(signature, 'latin1');
    return this.all.some((key) => {
      const expected = Buffer.from(mac(key, mediaId, expires).toString('base64url'), 'latin1');
      return given.length === expected.length && timingSafeEqual(given, expected);
    });
  }
}

const mac = (key: Buffer, mediaId: string, expires: number): Buffer => createHmac('sha256', key).update(`${mediaId}\0${expires}`).digest();

export const MEDIA_URL_SIGNER = Symbol('MEDIA_URL_SIGNER');
