import { mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';

const POLL_MS = 500;
const GIVE_UP_MS = 20 * 60_000;

/**
 * Runs `prepare` while holding the lock directory `lockDir`, so that test processes started side
 * by side do not install or build the same thing at once. A lock whose process is gone is taken
 * over. Synchronous: it runs while jest collects a suite, where no test timeout applies.
 */
export function withExclusivePreparation<T>(lockDir: string, prepare: () => T): T {
  mkdirSync(dirname(lockDir), { recursive: true });
  const waitingSince = Date.now();
  while (!tryLock(lockDir)) {
    if (Date.now() - waitingSince > GIVE_UP_MS) {
      throw new Error(`Waited ${GIVE_UP_MS / 60_000} minutes for ${lockDir}, held by process ${holderOf(lockDir)}; remove it if that process is not preparing anything`);
    }
    sleepSync(POLL_MS);
  }
  try {
    return prepare();
  } finally {
    rmSync(lockDir, { recursive: true, force: true });
  }
}

function tryLock(lockDir: string): boolean {
  try {
    mkdirSync(lockDir);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    const holder = holderOf(lockDir);
    // A holder that has not written its pid yet is still alive; one whose pid is gone crashed.
    if (holder !== undefined && !isAlive(holder)) rmSync(lockDir, { recursive: true, force: true });
    return false;
  }
  writeFileSync(join(lockDir, 'pid'), String(process.pid));
  return true;
}

function holderOf(lockDir: string): number | undefined {
  try {
    return Number(readFileSync(join(lockDir, 'pid'), 'utf8')) || undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

function sleepSync(ms: number): void {
  Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, ms);
}
