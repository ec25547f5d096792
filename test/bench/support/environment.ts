import { BenchFailure } from './bench-failure';
import { availableParallelism, cpus, loadavg, totalmem } from 'node:os';

/** What the figures depend on, printed above them. */
export function describeEnvironment(): string {
  const cpu = cpus()[0]?.model.trim() ?? 'unknown CPU';
  const load = loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ');
  return [
    `node ${process.version} on ${process.platform}/${process.arch}`,
    `${availableParallelism()} cores (${cpu}), ${Math.round(totalmem() / 2 ** 30)} GiB memory`,
    `load average (1 / 5 / 15 min) at start: ${load}`,
  ].join('\n');
}

/** A whole number of at least `min` from the environment, `fallback` when unset. */
export function integerSetting(name: string, fallback: number, min = 1, env: NodeJS.ProcessEnv = process.env): number {
  const raw = env[name]?.trim();
  if (!raw) return fallback;
  return parseInteger(name, raw, min);
}

/** A comma-separated list of whole numbers (`1000,10000`), `fallback` when unset. */
export function integerListSetting(name: string, fallback: readonly number[], min = 1, env: NodeJS.ProcessEnv = process.env): number[] {
  const raw = env[name]?.trim();
  if (!raw) return [...fallback];
  return raw.split(',').map((part) => parseInteger(name, part.trim(), min));
}

function parseInteger(name: string, raw: string, min: number): number {
  const value = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isSafeInteger(value) || value < min) {
    throw new BenchFailure(`${name} must be whole numbers of at least ${min}, got "${raw}"`);
  }
  return value;
}
