import { Benchmark } from './support/benchmark';
import { BenchFailure } from './support/bench-failure';
import { describeEnvironment } from './support/environment';
import { seconds } from './support/scheduled-burst';
import { BenchmarkName, selectBenchmarks } from './support/selection';
import { errorDetail } from '@app/errors';

/**
 * `npm run bench [-- lifecycle http webhooks distributed latency]` (or BENCH_ONLY): each benchmark drives
 * the service from the outside (HTTP API, webhooks, environment) as its own process(es), and
 * prints its figures next to a baseline measured in the same run, with the ratios.
 */
const load: Record<BenchmarkName, () => Promise<Benchmark>> = {
  lifecycle: async () => (await import('./lifecycle/lifecycle-benchmark')).lifecycleBenchmark,
  http: async () => (await import('./http/http-benchmark')).httpBenchmark,
  webhooks: async () => (await import('./webhooks/webhooks-benchmark')).webhooksBenchmark,
  distributed: async () => (await import('./distributed/distributed-benchmark')).distributedBenchmark,
  latency: async () => (await import('./distributed/latency-benchmark')).latencyBenchmark,
};

async function main(): Promise<void> {
  const selected = selectBenchmarks(process.argv.slice(2));
  console.log(`Benchmarks: ${selected.join(', ')}\n${describeEnvironment()}`);
  const started = performance.now();
  const durations: string[] = [];
  for (const name of selected) {
    console.log(`\n==== ${name} ====`);
    const benchmarkStarted = performance.now();
    await (await load[name]()).run();
    durations.push(`${name} ${seconds(performance.now() - benchmarkStarted)}`);
  }
  console.log(`\nDone in ${seconds(performance.now() - started)} (${durations.join(', ')}).`);
}

main().then(
  () => process.exit(0),
  (error: unknown) => {
    const reason = error instanceof BenchFailure ? error.message : errorDetail(error);
    console.error(`\nBenchmark failed: ${reason}`);
    process.exit(1);
  },
);
