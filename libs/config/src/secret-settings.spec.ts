import { randomBytes } from 'node:crypto';
import { ConfigError, loadConfig } from './app-config';

/** What loadConfig says of these settings: the message of its ConfigError, or null when it takes them. */
function refusalOf(env: Record<string, string>): string | null {
  try {
    loadConfig(env);
    return null;
  } catch (error) {
    if (error instanceof ConfigError) return error.message;
    throw error;
  }
}

const STRONG_ADMIN_TOKEN = 'kR3v9Qm2Xw7Lp4Zt8Yh1Nc6Bd5Fg0Js2Ua';

describe('ADMIN_TOKEN', () => {
  it.each(['CHANGE-ME', 'change-me', 'Change-Me', 'changeme', 'CHANGEME', 'admin', 'Admin', 'secret', 'SECRET', 'password', 'PassWord'])(
    'refuses the placeholder %p in one line that names ADMIN_TOKEN',
    (token) => {
      const refusal = refusalOf({ ADMIN_TOKEN: token });
      expect(refusal).toMatch(/^ADMIN_TOKEN is a placeholder, not a secret; [^\n]*openssl rand -base64 32/);
    },
  );

  it.each([
    ['one character', 'x', '1 character'],
    ['31 characters', 'kR3v9Qm2Xw7Lp4Zt8Yh1Nc6Bd5Fg0Js', '31 characters'],
    ['a made-up word', 'e2e-admin-token', '15 characters'],
  ])('refuses %s: too short, in a line that does not quote the value', (_, token, length) => {
    expect(refusalOf({ ADMIN_TOKEN: token })).toBe(
      `ADMIN_TOKEN is too short (${length}); set it to 32 characters or more (\`openssl rand -base64 32\`), or leave it unset and the service generates one at its first start`,
    );
  });

  it('counts characters, not bytes: 31 accented letters are too short', () => {
    expect(refusalOf({ ADMIN_TOKEN: 'é'.repeat(31) })).toMatch(/^ADMIN_TOKEN is too short \(31 characters\)/);
  });

  it('refuses one character repeated, however long', () => {
    expect(refusalOf({ ADMIN_TOKEN: 'a'.repeat(32) })).toMatch(/^ADMIN_TOKEN is one character repeated; /);
    expect(refusalOf({ ADMIN_TOKEN: '0'.repeat(64) })).toMatch(/^ADMIN_TOKEN is one character repeated; /);
  });

  it('takes 32 characters or more, as set; unset or blank, there is none (the service generates one)', () => {
    expect(loadConfig({ ADMIN_TOKEN: STRONG_ADMIN_TOKEN }).adminToken).toBe(STRONG_ADMIN_TOKEN);
    expect(loadConfig({ ADMIN_TOKEN: STRONG_ADMIN_TOKEN.slice(0, 32) }).adminToken).toHaveLength(32);
    const generated = randomBytes(32).toString('base64url');
    expect(loadConfig({ ADMIN_TOKEN: generated }).adminToken).toBe(generated);
    expect(loadConfig({}).adminToken).toBeNull();
    expect(loadConfig({ ADMIN_TOKEN: '  ' }).adminToken).toBeNull();
  });
});

describe('ENCRYPTION_KEY', () => {
  it.each([
    ['one character', 'a', 'it decodes to 0 bytes'],
    ['a placeholder', 'CHANGE-ME', 'it decodes to 6 bytes'],
    ['not base64', 'not a key!', 'not base64'],
    ['a passphrase', 'change-me-in-production', 'it decodes to 17 bytes'],
    ['16 random bytes', randomBytes(16).toString('base64'), 'it decodes to 16 bytes'],
    ['32 zero bytes', Buffer.alloc(32).toString('base64'), 'it decodes to one byte value repeated'],
  ])('refuses %s in one line that names ENCRYPTION_KEY and says how to make one', (_, key, why) => {
    const refusal = refusalOf({ ENCRYPTION_KEY: key });
    expect(refusal).toContain(`ENCRYPTION_KEY must be 32 random bytes in base64 (${why}); generate one with \`openssl rand -base64 32\``);
    expect(refusal).toContain('ENCRYPTION_KEYS_OLD');
    expect(refusal).not.toContain('\n');
  });

  it('takes 32 random bytes in base64 or base64url; unset, there is none (embedded mode generates its own)', () => {
    const bytes = randomBytes(32);
    expect(loadConfig({ ENCRYPTION_KEY: bytes.toString('base64') }).encryptionKey).toBe(bytes.toString('base64'));
    expect(loadConfig({ ENCRYPTION_KEY: bytes.toString('base64url') }).encryptionKey).toBe(bytes.toString('base64url'));
    expect(loadConfig({}).encryptionKey).toBeNull();
  });

  it('still takes a passphrase as an old key, to read what it encrypted', () => {
    expect(loadConfig({ ENCRYPTION_KEY: randomBytes(32).toString('base64'), ENCRYPTION_KEYS_OLD: 'change-me-in-production' }).encryptionKeysOld).toBe('change-me-in-production');
  });
});
