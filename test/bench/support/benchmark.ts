import { BenchmarkName } from './selection';

/** One benchmark of `npm run bench`: prints its figures next to baselines measured in the same run. */
export interface Benchmark {
  name: BenchmarkName;
  run(): Promise<void>;
}
