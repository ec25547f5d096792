import { randomBytes } from 'node:crypto';
import { SecretBox } from './secret-box';
import { newKey } from './testing';
import { WireCipher } from './wire-cipher';

describe('WireCipher', () => {
  const key = newKey();
  const wire = new WireCipher({ current: key });
  const atRest = new SecretBox({ current: key });

  it('round-trips a payload, naming the configured key it was derived from, never in clear', () => {
    const sealed = wire.encrypt('{"app_password":"hunter2"}');
    expect(sealed.startsWith(`v2:${key.id}:`)).toBe(true);
    expect(sealed).not.toContain('hunter2');
    expect(new WireCipher({ current: key }).decrypt(sealed)).toBe('{"app_password":"hunter2"}');
  });

  it('uses a key of its own: what the at-rest SecretBox of the same key encrypted does not open, nor the reverse', () => {
    const stored = atRest.encrypt('whsec_stored-secret');
    expect(() => wire.decrypt(stored)).toThrow();
    const sealed = wire.encrypt('whsec_sealed-secret');
    expect(() => atRest.decrypt(sealed)).toThrow();
  });

  it('does not take the at-rest form written before key ids (never sealed for the wire)', () => {
    expect(() => wire.decrypt(['v1', ...[12, 16, 8].map((size) => randomBytes(size).toString('base64url'))].join(':'))).toThrow('Not a payload sealed for the wire');
  });

  it('refuses what another key sealed, saying which key it was', () => {
    const stranger = newKey();
    expect(() => wire.decrypt(new WireCipher({ current: stranger }).encrypt('x'))).toThrow(
      `Encrypted with key ${stranger.id}, which is neither ENCRYPTION_KEY nor in ENCRYPTION_KEYS_OLD`,
    );
  });

  it('keeps working through a rotation: both sides of a rolling restart open what the other sealed', () => {
    const oldKey = newKey();
    const nextKey = newKey();
    // Step 2: the next key is only in ENCRYPTION_KEYS_OLD; step 3: it encrypts, the old key is in ENCRYPTION_KEYS_OLD.
    const beforeSwitch = new WireCipher({ current: oldKey, old: [nextKey] });
    const afterSwitch = new WireCipher({ current: nextKey, old: [oldKey] });
    expect(afterSwitch.decrypt(beforeSwitch.encrypt('from a replica not yet switched'))).toBe('from a replica not yet switched');
    expect(beforeSwitch.decrypt(afterSwitch.encrypt('from a switched replica'))).toBe('from a switched replica');
    expect(afterSwitch.decrypt(new WireCipher({ current: oldKey }).encrypt('in flight since before the rotation'))).toBe('in flight since before the rotation');
  });
});
