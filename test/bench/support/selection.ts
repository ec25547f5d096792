import { BenchFailure } from './bench-failure';

export const BENCHMARK_NAMES = ['lifecycle', 'http', 'webhooks', 'distributed', 'latency'] as const;
export type BenchmarkName = (typeof BENCHMARK_NAMES)[number];

/**
 * The benchmarks to run, in their usual order: those named on the command line
 * (`npm run bench -- http webhooks`), else those in BENCH_ONLY (comma or space separated), else all.
 */
export function selectBenchmarks(args: readonly string[], env: NodeJS.ProcessEnv = process.env): BenchmarkName[] {
  const fromArgs = args.flatMap(words);
  const named = fromArgs.length > 0 ? fromArgs : words(env.BENCH_ONLY ?? '');
  if (named.length === 0) return [...BENCHMARK_NAMES];
  const unknown = named.filter((name) => !(BENCHMARK_NAMES as readonly string[]).includes(name));
  if (unknown.length > 0) throw new BenchFailure(`unknown benchmark ${unknown.map((name) => `"${name}"`).join(', ')}; the benchmarks are ${BENCHMARK_NAMES.join(', ')}`);
  return BENCHMARK_NAMES.filter((name) => named.includes(name));
}

const words = (text: string): string[] =>
  text
    .split(/[\s,]+/)
    .map((word) => word.trim().toLowerCase())
    .filter(Boolean);
