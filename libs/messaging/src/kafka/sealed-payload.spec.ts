import { randomBytes } from 'node:crypto';
import { parseEncryptionKey, SecretBox, WireCipher } from '@app/security';
import { openPayload, sealPayload, UnsealedPayloadError } from './sealed-payload';

const keyringOf = (text: string) => ({ current: parseEncryptionKey(text, 'ENCRYPTION_KEY', { strict: true }) });

describe('sealed payloads', () => {
  const keyText = randomBytes(32).toString('base64');
  const box = new WireCipher(keyringOf(keyText));

  it('round-trips a short payload, encrypted as it is, with nothing of it readable', () => {
    const payload = { credentials: { app_password: 'hunter2-secret' }, n: 1 };
    const sealed = sealPayload(payload, box);
    expect(Object.keys(sealed)).toEqual(['sealed']);
    expect(JSON.stringify(sealed)).not.toContain('hunter2');
    expect(openPayload(JSON.parse(JSON.stringify(sealed)), box)).toEqual(payload);
  });

  it('deflates a long, repetitive payload before sealing it, and opens it again', () => {
    const payload = { text: 'The same words, again and again. '.repeat(1_000) };
    const sealed = sealPayload(payload, box);
    expect(sealed.deflated).toBe(true);
    expect(sealed.sealed.length).toBeLessThan(JSON.stringify(payload).length / 4);
    expect(openPayload(sealed, box)).toEqual(payload);
  });

  it('keeps random text as it is when deflating would not shrink it', () => {
    const payload = { noise: randomBytes(3_000).toString('base64') };
    expect(sealPayload(payload, box).deflated).toBeUndefined();
    expect(openPayload(sealPayload(payload, box), box)).toEqual(payload);
  });

  it('refuses a value that is not sealed, and one sealed with another key', () => {
    expect(() => openPayload({ credentials: {} }, box)).toThrow(UnsealedPayloadError);
    expect(() => openPayload(null, box)).toThrow(UnsealedPayloadError);
    const other = sealPayload({ a: 1 }, new WireCipher(keyringOf(randomBytes(32).toString('base64'))));
    expect(() => openPayload(other, box)).toThrow(/neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD/);
  });

  it('is sealed under a key of its own: the at-rest SecretBox of the same ENCRYPTION_KEY neither opens a payload nor seals one that opens', () => {
    const atRest = new SecretBox(keyringOf(keyText));
    const payload = { credentials: { app_password: 'hunter2-secret' } };
    expect(() => openPayload(sealPayload(payload, box), atRest)).toThrow();
    // So a value copied from a database (a stored credential) does not open as a request either.
    expect(() => openPayload(sealPayload(payload, atRest), box)).toThrow();
  });
});
