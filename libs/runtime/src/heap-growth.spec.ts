import { heapGrowthFlag } from './heap-growth';

describe('heapGrowthFlag', () => {
  it('sets the heap growing factor when the command line does not', () => {
    expect(heapGrowthFlag(['--max-semi-space-size=16'])).toBe('--heap-growing-percent=100');
    expect(heapGrowthFlag([], 50)).toBe('--heap-growing-percent=50');
  });

  it("leaves the factor to the operator's command line, however it is spelt", () => {
    expect(heapGrowthFlag(['--heap-growing-percent=30'])).toBeNull();
    expect(heapGrowthFlag(['--heap_growing_percent=30'])).toBeNull();
    expect(heapGrowthFlag(['--heap-growing-percent', '30'])).toBeNull();
  });
});
