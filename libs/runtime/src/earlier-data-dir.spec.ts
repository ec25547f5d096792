import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ConfigError } from '@app/config';
import { refuseEarlierDataDir } from './earlier-data-dir';

describe('refuseEarlierDataDir', () => {
  let dataDir: string;
  beforeEach(() => (dataDir = mkdtempSync(join(tmpdir(), 'data-dir-'))));
  afterEach(() => rmSync(dataDir, { recursive: true, force: true }));

  it('accepts an empty or current data directory', () => {
    expect(() => refuseEarlierDataDir(dataDir)).not.toThrow();
  });

  it('refuses the embedded PostgreSQL data of an earlier version, naming the folder and the way out', () => {
    mkdirSync(join(dataDir, 'pgdata'));
    expect(() => refuseEarlierDataDir(dataDir)).toThrow(ConfigError);
    expect(() => refuseEarlierDataDir(dataDir)).toThrow(/earlier version.*pgdata.*another DATA_DIR/s);
  });
});
