import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findOlderNode } from './support/older-node';

const DIST = resolve(__dirname, '../../dist/apps');
/** Every entry point: each app's main and each command-line tool. */
const ENTRIES = [
  'standalone/main.js',
  'gateway/main.js',
  'post-service/main.js',
  'scheduler/main.js',
  'publisher/main.js',
  'webhook-dispatcher/main.js',
  'cli/admin.js',
  'cli/openapi.js',
  'cli/reencrypt.js',
];

const olderNode = findOlderNode();
const describeWithOlderNode = olderNode ? describe : describe.skip;

describeWithOlderNode(`on a Node.js older than 24 (${olderNode ? `${olderNode.path}, ${olderNode.version}` : 'skipped: no Node.js older than 24 found; set OLDER_NODE to one'})`, () => {
  let dataDir: string;
  beforeAll(() => {
    if (!existsSync(join(DIST, 'standalone/main.js'))) throw new Error('dist is missing: run "npm run build" before the e2e suite');
    dataDir = mkdtempSync(join(tmpdir(), 'sps-older-node-'));
  });
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it.each(ENTRIES)('%s says in one line that it needs Node.js 24, and exits 1 having touched nothing', (entry) => {
    const run = spawnSync(olderNode!.path, [join(DIST, entry), 'token'], {
      env: { PATH: process.env.PATH, DATA_DIR: dataDir, PORT: '0' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.status).toBe(1);
    expect(run.stdout).toBe('');
    expect(run.stderr).toBe(`This service needs Node.js 24 or newer; this is Node.js ${olderNode!.version}.\n`);
    expect(readdirSync(dataDir)).toEqual([]);
  });
});
