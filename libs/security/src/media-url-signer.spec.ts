import { MEDIA_URL_MAX_VALIDITY_MS, MediaUrlSigner } from './media-url-signer';
import { newKey } from './testing';

const MEDIA = '5f0c4a52-0000-4000-8000-000000000001';
const OTHER = '5f0c4a52-0000-4000-8000-000000000002';

describe('MediaUrlSigner', () => {
  it('verifies what it signed for that media only, until it expires', () => {
    let now = 1_800_000_000_000;
    const signer = new MediaUrlSigner({ current: newKey() }, () => now);
    const { expires, signature } = signer.sign(MEDIA);
    expect(expires).toBe((now + MEDIA_URL_MAX_VALIDITY_MS) / 1000);
    expect(signer.verify(MEDIA, expires, signature)).toBe(true);
    expect(signer.verify(OTHER, expires, signature)).toBe(false);
    expect(signer.verify(MEDIA, expires + 1, signature)).toBe(false);
    expect(signer.verify(MEDIA, expires, signature.slice(1))).toBe(false);
    // Every other last character, including those that decode to the same bytes.
    for (const last of 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_') {
      if (last !== signature.at(-1)) expect(signer.verify(MEDIA, expires, signature.slice(0, -1) + last)).toBe(false);
    }
    now += MEDIA_URL_MAX_VALIDITY_MS + 1_000;
    expect(signer.verify(MEDIA, expires, signature)).toBe(false);
  });

  it('never signs for more than an hour, and refuses an address that claims more', () => {
    const now = 1_800_000_000_000;
    const signer = new MediaUrlSigner({ current: newKey() }, () => now);
    expect(signer.sign(MEDIA, 24 * MEDIA_URL_MAX_VALIDITY_MS).expires).toBe((now + MEDIA_URL_MAX_VALIDITY_MS) / 1000);
    expect(signer.sign(MEDIA, 60_000).expires).toBe((now + 60_000) / 1000);
    const forged = (now + 2 * MEDIA_URL_MAX_VALIDITY_MS) / 1000;
    expect(signer.verify(MEDIA, forged, signer.sign(MEDIA).signature)).toBe(false);
  });

  it('verifies addresses signed under an old key during a rotation, and not under an unknown one', () => {
    const old = newKey();
    const before = new MediaUrlSigner({ current: old });
    const signed = before.sign(MEDIA);
    expect(new MediaUrlSigner({ current: newKey(), old: [old] }).verify(MEDIA, signed.expires, signed.signature)).toBe(true);
    expect(new MediaUrlSigner({ current: newKey() }).verify(MEDIA, signed.expires, signed.signature)).toBe(false);
  });
});
