import { parseEncryptionKey } from './encryption-keys';
import { RecentlyOpenedSecrets } from './recently-opened-secrets';
import { SecretBox } from './secret-box';
import { newKeyText } from './testing';

/** A SecretBox that counts what it opens. */
function countingBox(): { box: SecretBox; opened: () => number } {
  const box = new SecretBox({ current: parseEncryptionKey(newKeyText(), 'ENCRYPTION_KEY', { strict: true }) });
  let opened = 0;
  const decrypt = box.decrypt.bind(box);
  box.decrypt = (stored: string) => {
    opened++;
    return decrypt(stored);
  };
  return { box, opened: () => opened };
}

describe('RecentlyOpenedSecrets', () => {
  it('opens a stored secret once while it is kept, and a new stored form of it again', () => {
    const { box, opened } = countingBox();
    const secrets = new RecentlyOpenedSecrets(box);
    const stored = box.encrypt('whsec_one');
    expect([secrets.decrypt(stored), secrets.decrypt(stored)]).toEqual(['whsec_one', 'whsec_one']);
    expect(opened()).toBe(1);
    const rotated = box.encrypt('whsec_two');
    expect(secrets.decrypt(rotated)).toBe('whsec_two');
    expect(opened()).toBe(2);
  });

  it('opens it again after a minute', () => {
    const { box, opened } = countingBox();
    let now = 0;
    const secrets = new RecentlyOpenedSecrets(box, () => now);
    const stored = box.encrypt('token');
    secrets.decrypt(stored);
    now = 59_999;
    secrets.decrypt(stored);
    expect(opened()).toBe(1);
    now = 60_000;
    expect(secrets.decrypt(stored)).toBe('token');
    expect(opened()).toBe(2);
  });

  it('refuses what the box cannot open, and keeps nothing of it', () => {
    const { box } = countingBox();
    const secrets = new RecentlyOpenedSecrets(box);
    const other = new SecretBox({ current: parseEncryptionKey(newKeyText(), 'ENCRYPTION_KEY', { strict: true }) }).encrypt('token');
    expect(() => secrets.decrypt(other)).toThrow(/neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD/);
    expect(() => secrets.decrypt(other)).toThrow(/neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD/);
  });
});
