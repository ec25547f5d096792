import { ratio, summarize } from './stats';

describe('summarize (nearest-rank percentiles of the benchmark)', () => {
  it('takes measured values, not interpolations', () => {
    const values = Array.from({ length: 1000 }, (_, index) => 1000 - index); // 1000 .. 1
    expect(summarize(values)).toEqual({ count: 1000, p50: 500, p90: 900, p99: 990, max: 1000 });
  });

  it('gives the only value for every figure of one measurement', () => {
    expect(summarize([7])).toEqual({ count: 1, p50: 7, p90: 7, p99: 7, max: 7 });
  });

  it('refuses an empty measurement instead of printing a figure for it', () => {
    expect(() => summarize([])).toThrow('no values');
  });
});

describe('ratio to the baseline', () => {
  it('divides, and has none for a baseline of zero or less', () => {
    expect(ratio(300, 3)).toBe(100);
    expect(ratio(300, 0)).toBeNull();
    expect(ratio(300, -1)).toBeNull();
  });
});
