import { createCipheriv, createHash, randomBytes } from 'node:crypto';
import { EncryptionKeyError, parseEncryptionKey, parseOldEncryptionKeys } from './encryption-keys';
import { SecretBox } from './secret-box';
import { newKeyText } from './testing';

const strictKey = (text: string) => parseEncryptionKey(text, 'ENCRYPTION_KEY', { strict: true });

/** What the SecretBox wrote before key ids: `v1:` with SHA-256 of the configured text as the key. */
function legacyCiphertext(keyText: string, plaintext: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', createHash('sha256').update(keyText).digest(), iv);
  const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
  return ['v1', iv, cipher.getAuthTag(), body].map((part) => (typeof part === 'string' ? part : part.toString('base64url'))).join(':');
}

describe('encryption keys', () => {
  it('takes 32 bytes in base64 or base64url, and names each key by a fingerprint that is not the key', () => {
    const bytes = randomBytes(32);
    const fromBase64 = strictKey(bytes.toString('base64'));
    const fromBase64Url = strictKey(bytes.toString('base64url'));
    expect(fromBase64.bytes).toEqual(bytes);
    expect(fromBase64Url.id).toBe(fromBase64.id);
    expect(fromBase64.id).toMatch(/^[0-9a-f]{8}$/);
    expect(bytes.toString('hex')).not.toContain(fromBase64.id);
    expect(strictKey(newKeyText()).id).not.toBe(fromBase64.id);
  });

  it.each([
    ['change-me-in-production', 'decodes to 17 bytes'],
    ['not a key!', 'not base64'],
    [randomBytes(16).toString('base64'), 'decodes to 16 bytes'],
    ['a', 'decodes to 0 bytes'],
    [Buffer.alloc(32).toString('base64'), 'decodes to one byte value repeated'],
    [Buffer.alloc(32, 0xa7).toString('base64url'), 'decodes to one byte value repeated'],
    ['   ', 'is empty'],
  ])('refuses %p where a strict key is required, saying how to make one', (text, why) => {
    expect(() => strictKey(text)).toThrow(EncryptionKeyError);
    expect(() => strictKey(text)).toThrow(new RegExp(`${why}.*openssl rand -base64 32`));
  });

  it('reads a key of one byte value repeated as it was written where a strict key is not required (an old key)', () => {
    const repeated = Buffer.alloc(32, 0xa7);
    expect(parseEncryptionKey(repeated.toString('base64'), 'ENCRYPTION_KEYS_OLD', { strict: false }).bytes).toEqual(repeated);
  });

  it('accepts any passphrase as an old key, and a list of them', () => {
    const keys = parseOldEncryptionKeys(` change-me-in-production , ${newKeyText()}`, 'ENCRYPTION_KEYS_OLD');
    expect(keys).toHaveLength(2);
    expect(parseOldEncryptionKeys(null, 'ENCRYPTION_KEYS_OLD')).toEqual([]);
  });
});

describe('SecretBox', () => {
  it('round-trips a secret, names its key in the stored form, and never stores the plaintext', () => {
    const key = strictKey(newKeyText());
    const box = new SecretBox({ current: key });
    const stored = box.encrypt('whsec_secret');
    expect(stored.startsWith(`v2:${key.id}:`)).toBe(true);
    expect(stored).not.toContain('whsec_secret');
    expect(box.decrypt(stored)).toBe('whsec_secret');
    expect(box.encrypt('whsec_secret')).not.toBe(stored);
  });

  it('opens what an old key encrypted, and moves it to the current key', () => {
    const oldKey = strictKey(newKeyText());
    const stored = new SecretBox({ current: oldKey }).encrypt('token');
    const rotated = new SecretBox({ current: strictKey(newKeyText()), old: [oldKey] });

    expect(rotated.decrypt(stored)).toBe('token');
    expect(rotated.needsReencryption(stored)).toBe(true);
    const moved = rotated.reencrypt(stored);
    expect(moved.startsWith(`v2:${rotated.currentKeyId}:`)).toBe(true);
    expect(rotated.needsReencryption(moved)).toBe(false);
    expect(rotated.reencrypt(moved)).toBe(moved);
    expect(rotated.decrypt(moved)).toBe('token');
  });

  it('says which key is missing instead of failing obscurely', () => {
    const lost = strictKey(newKeyText());
    const stored = new SecretBox({ current: lost }).encrypt('token');
    expect(() => new SecretBox({ current: strictKey(newKeyText()) }).decrypt(stored)).toThrow(
      `Encrypted with key ${lost.id}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD`,
    );
  });

  it('opens values written before key ids, with the current or an old key', () => {
    const passphrase = 'change-me-in-production';
    const stored = legacyCiphertext(passphrase, 'credentials');
    expect(new SecretBox(passphrase).decrypt(stored)).toBe('credentials');
    const rotated = new SecretBox({ current: strictKey(newKeyText()), old: parseOldEncryptionKeys(passphrase, 'ENCRYPTION_KEYS_OLD') });
    expect(rotated.decrypt(stored)).toBe('credentials');
    expect(rotated.needsReencryption(stored)).toBe(true);
    expect(() => new SecretBox(newKeyText()).decrypt(stored)).toThrow(/before key ids/);
  });

  it('refuses a value it did not write', () => {
    expect(() => new SecretBox(newKeyText()).decrypt('plain text')).toThrow('Not a value this SecretBox wrote');
  });
});
