import { randomBytes } from 'node:crypto';
import { loadConfig } from '@app/config';
import { keyringFromConfig } from './secret-box-from-config';

describe('the keys of a process', () => {
  it('without ENCRYPTION_KEY, takes the key generated in DATA_DIR (32 random bytes, base64url) as it was written', () => {
    const generated = randomBytes(32);
    const keyring = keyringFromConfig(loadConfig({}), { generatedKey: () => generated.toString('base64url') });
    expect(keyring.current.bytes).toEqual(generated);
  });

  it('with ENCRYPTION_KEY, takes it rather than the generated key, and its old keys beside it', () => {
    const configured = randomBytes(32);
    const keyring = keyringFromConfig(loadConfig({ ENCRYPTION_KEY: configured.toString('base64'), ENCRYPTION_KEYS_OLD: 'change-me-in-production' }), {
      generatedKey: () => randomBytes(32).toString('base64url'),
    });
    expect(keyring.current.bytes).toEqual(configured);
    expect(keyring.old).toHaveLength(1);
  });

  it('with neither, says how to make a key', () => {
    expect(() => keyringFromConfig(loadConfig({}))).toThrow('ENCRYPTION_KEY is not set; generate one with `openssl rand -base64 32`');
  });
});
