import { BenchFailure } from './bench-failure';
import { selectBenchmarks } from './selection';

describe('selecting the benchmarks to run', () => {
  it('runs every benchmark when none is named', () => {
    expect(selectBenchmarks([], {})).toEqual(['lifecycle', 'http', 'webhooks', 'distributed', 'latency']);
  });

  it('runs those named on the command line, in the usual order', () => {
    expect(selectBenchmarks(['webhooks', 'lifecycle'], { BENCH_ONLY: 'http' })).toEqual(['lifecycle', 'webhooks']);
  });

  it('reads BENCH_ONLY when the command line names none', () => {
    expect(selectBenchmarks([], { BENCH_ONLY: 'distributed, http' })).toEqual(['http', 'distributed']);
  });

  it('refuses a name it does not know, listing the ones it does', () => {
    expect(() => selectBenchmarks(['lifecycel'], {})).toThrow(BenchFailure);
    expect(() => selectBenchmarks(['lifecycel'], {})).toThrow('lifecycle, http, webhooks, distributed, latency');
  });
});
