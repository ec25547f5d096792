import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { STANDALONE_MAIN } from './support/service-process';

describe('embedded service on a DATA_DIR of an earlier version', () => {
  let dataDir: string;
  beforeEach(() => {
    dataDir = mkdtempSync(join(tmpdir(), 'sps-e2e-earlier-'));
    mkdirSync(join(dataDir, 'pgdata'));
  });
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('refuses to start, says why and what to do, and writes nothing beside the old data', () => {
    const run = spawnSync(process.execPath, [STANDALONE_MAIN], {
      env: { ...process.env, DATA_DIR: dataDir, PORT: '0', NO_COLOR: '1' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    const output = `${run.stdout}${run.stderr}`;
    expect(run.status).toBe(1);
    expect(output).toContain('was written by an earlier version of the service');
    expect(output).toContain('Start with another DATA_DIR');
    expect(output).not.toMatch(/^\s+at /m);
    expect(readdirSync(dataDir)).toEqual(['pgdata']);
  });
});
