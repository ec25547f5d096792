import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DataDirInUseError, lockDataDir } from './data-dir-lock';

describe('lockDataDir', () => {
  let dir: string;
  beforeEach(() => (dir = mkdtempSync(join(tmpdir(), 'lock-'))));
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('refuses a directory a running process holds', () => {
    writeFileSync(join(dir, 'service.lock'), String(process.ppid));
    expect(() => lockDataDir(dir)).toThrow(DataDirInUseError);
  });

  it('takes over a lock left by a process that is gone, and releases it', () => {
    writeFileSync(join(dir, 'service.lock'), '2147483646');
    const release = lockDataDir(dir);
    expect(readFileSync(join(dir, 'service.lock'), 'utf8')).toBe(String(process.pid));
    release();
    expect(() => readFileSync(join(dir, 'service.lock'))).toThrow();
  });

  it('locks a fresh directory', () => {
    lockDataDir(dir)();
    expect(() => lockDataDir(dir)).not.toThrow();
  });
});
