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

/** BENCH_POSTS: how many posts come due in the same second (default 1000). */
export function postCount(env: NodeJS.ProcessEnv = process.env): number {
  const raw = env.BENCH_POSTS?.trim();
  if (!raw) return 1000;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new BenchFailure(`BENCH_POSTS must be a positive integer, got "${raw}"`);
  return value;
}
