import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { STANDALONE_MAIN } from './support/service-process';

const DIST_APPS = resolve(__dirname, '../../dist/apps');

/** Starts a built app with these settings (nothing answers at the distributed addresses): its exit status and the lines it printed. */
function startApp(main: string, settings: Record<string, string>): { status: number | null; lines: string[] } {
  const env: NodeJS.ProcessEnv = { ...process.env, NODE_OPTIONS: '', PORT: '0', NO_COLOR: '1', ...settings };
  for (const name of ['ADMIN_TOKEN', 'ENCRYPTION_KEY', 'ENCRYPTION_KEYS_OLD']) if (!(name in settings)) delete env[name];
  const run = spawnSync(process.execPath, [main], { env, encoding: 'utf8', timeout: 60_000 });
  return { status: run.status, lines: `${run.stdout}${run.stderr}`.split('\n').filter((line) => line.trim() !== '') };
}

const WEAK_SETTINGS: Array<[string, Record<string, string>, RegExp]> = [
  ['ADMIN_TOKEN=CHANGE-ME (the placeholder a manifest shipped)', { ADMIN_TOKEN: 'CHANGE-ME' }, /ADMIN_TOKEN is a placeholder, not a secret; .*openssl rand -base64 32/],
  ['ADMIN_TOKEN=admin', { ADMIN_TOKEN: 'admin' }, /ADMIN_TOKEN is a placeholder, not a secret; /],
  ['a one-character ADMIN_TOKEN', { ADMIN_TOKEN: 'x' }, /ADMIN_TOKEN is too short \(1 character\); set it to 32 characters or more/],
  ['ENCRYPTION_KEY=a', { ENCRYPTION_KEY: 'a' }, /ENCRYPTION_KEY must be 32 random bytes in base64 \(it decodes to 0 bytes\); generate one with `openssl rand -base64 32`/],
];

describe('embedded mode: a weak secret stops the start', () => {
  let parent: string;
  beforeEach(() => (parent = mkdtempSync(join(tmpdir(), 'sps-e2e-weak-'))));
  afterEach(() => rmSync(parent, { recursive: true, force: true }));

  it.each(WEAK_SETTINGS)('%s: exit status 1, one line naming it, and nothing written to DATA_DIR', (_, settings, line) => {
    const dataDir = join(parent, 'data');
    const { status, lines } = startApp(STANDALONE_MAIN, { DATA_DIR: dataDir, ...settings });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ERROR \[Standalone\] /);
    expect(lines[0]).toMatch(line);
    expect(existsSync(dataDir)).toBe(false);
  });
});

describe('distributed mode: a weak secret stops the start of every app, before it connects to anything', () => {
  const settings = {
    KAFKA_BROKERS: '127.0.0.1:1',
    DATABASE_URL: 'postgres://postgres@127.0.0.1:1/none',
    EVENTSTORE_PG_URL: 'postgres://postgres@127.0.0.1:1/none',
    ENCRYPTION_KEY: randomBytes(32).toString('base64'),
  };

  it.each(WEAK_SETTINGS)('%s: the gateway exits with status 1 and one line naming it', (_, weak, line) => {
    const { status, lines } = startApp(join(DIST_APPS, 'gateway/main.js'), { ...settings, ...weak });
    expect(status).toBe(1);
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/ERROR \[gateway\] /);
    expect(lines[0]).toMatch(line);
  });

  it('ADMIN_TOKEN=CHANGE-ME stops the publisher too (every app reads the same settings)', () => {
    const { status, lines } = startApp(join(DIST_APPS, 'publisher/main.js'), { ...settings, ADMIN_TOKEN: 'CHANGE-ME' });
    expect(status).toBe(1);
    expect(lines).toEqual([expect.stringMatching(/ERROR \[publisher\] ADMIN_TOKEN is a placeholder, not a secret; /)]);
  });
});
